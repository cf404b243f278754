"""The verses a member carries: their own pages (pages_urls) and a family's or a class's (together_urls)."""

from verses.pages_urls import urlpatterns as own
from verses.together_urls import urlpatterns as together

app_name = "verses"
urlpatterns = own + together
