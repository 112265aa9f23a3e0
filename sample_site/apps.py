from django.apps import AppConfig


class SampleSiteConfig(AppConfig):
    """A site full of sample games, for trying the record's pages at scale: ``make_games``
    plays and stores them in every mode, ``bench_pages`` times the pages over them. A tool
    above the mode apps (it makes every mode's games), as the URL configuration is."""

    name = "sample_site"
    verbose_name = "Sample games"
