from django.db import migrations


class Migration(migrations.Migration):
    """The opponent's shots, whoever the opponent is: named for that (was computer_shots)."""

    dependencies = [("sectors", "0005_sector_next_battle")]

    operations = [
        # The covering index names the column: dropped first, made again after (0012).
        migrations.RemoveIndex(
            model_name="sectorbattle",
            name="sector_owner_figures",
        ),
        migrations.RenameField(
            model_name="sectorbattle", old_name="computer_shots", new_name="their_shots"
        ),
    ]
