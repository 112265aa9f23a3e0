"""Routes of the daily challenge, under /daily."""

from django.urls import path

from daily import views

urlpatterns = [
    path("daily", views.today_page, name="daily"),
    path("daily/<str:day>", views.day_page, name="daily_day"),
    path("daily/<str:day>/shots", views.fire, name="daily_fire"),
]
