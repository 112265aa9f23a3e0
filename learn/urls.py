"""Routes of the learning pages."""

from django.urls import path

from learn import views

urlpatterns = [
    path("learn/", views.index, name="learn"),
    path("learn/how-to-play", views.how_to_play, name="learn_how_to_play"),
    path("learn/strategy", views.strategy, name="learn_strategy"),
    path("learn/computer", views.computer, name="learn_computer"),
    path("learn/tips", views.tips, name="learn_tips"),
    path("learn/faq", views.faq, name="learn_faq"),
]
