"""The table's server-rendered pages: new, join and invite forms, the table page, its QR code."""
