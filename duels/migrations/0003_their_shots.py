from django.db import migrations


class Migration(migrations.Migration):
    """The opponent's shots, whoever the opponent is: named for that (was computer_shots)."""

    dependencies = [("duels", "0002_seats")]

    operations = [
        migrations.RenameField(
            model_name="duel", old_name="computer_shots", new_name="their_shots"
        ),
        migrations.RenameField(
            model_name="duelrecord", old_name="computer_shots", new_name="their_shots"
        ),
    ]
