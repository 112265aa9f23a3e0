"""A daily attempt is a game stored as its moves (``modes.models.StoredGame``), as the
classic game and the sector battle are: its shot count is the move number every mode
checks (``moves``), its last shot the last move (``last_move_at``), and it keeps its time
played."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("daily", "0001_daily_challenge"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="dailyattempt",
            name="daily_day_results",
        ),
        migrations.RenameField(
            model_name="dailyattempt",
            old_name="last_shot_at",
            new_name="last_move_at",
        ),
        migrations.RenameField(
            model_name="dailyattempt",
            old_name="shots",
            new_name="moves",
        ),
        migrations.AlterField(
            model_name="dailyattempt",
            name="moves",
            field=models.PositiveIntegerField(
                default=0, help_text="Moves stored: the log's length."
            ),
        ),
        migrations.AddField(
            model_name="dailyattempt",
            name="play_seconds",
            field=models.FloatField(default=0, help_text="Time played: capped gaps between moves."),
        ),
        migrations.AlterField(
            model_name="dailyattempt",
            name="guest_id",
            field=models.CharField(blank=True, db_index=True, max_length=32),
        ),
        migrations.AlterField(
            model_name="dailyattempt",
            name="log",
            field=models.JSONField(
                blank=True,
                default=list,
                help_text="Every move in order, in the library's own form.",
            ),
        ),
        migrations.AlterField(
            model_name="dailyattempt",
            name="owner",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="%(class)ss",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddIndex(
            model_name="dailyattempt",
            index=models.Index(fields=["day", "practice", "moves"], name="daily_day_results"),
        ),
    ]
