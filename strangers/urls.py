from django.urls import path

from strangers import views

urlpatterns = [
    path("stranger/", views.new_seek, name="stranger_new"),
    path("stranger/seeks", views.seek, name="stranger_seek"),
    path("stranger/seeks/<uuid:seek_id>", views.waiting, name="stranger_waiting"),
    path("stranger/seeks/<uuid:seek_id>/cancel", views.cancel, name="stranger_cancel"),
    path("stranger/blocks", views.block, name="stranger_block"),
]
