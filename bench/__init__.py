"""The load benchmark (`make bench`): real tables over real WebSockets, against the server's own floor."""
