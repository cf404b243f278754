"""My verses and practice."""

from django.urls import path

from verses import views

urlpatterns = [
    path("", views.my_verses, name="mine"),
    path("practice/", views.practice_page, name="practice"),
    path("reviews/", views.reviews, name="reviews"),
]
