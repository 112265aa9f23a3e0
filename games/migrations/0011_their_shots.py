from django.db import migrations


class Migration(migrations.Migration):
    """The opponent's shots, whoever the opponent is: named for that (was computer_shots)."""

    dependencies = [("games", "0010_game_fleet_commitment_salt")]

    operations = [
        # The covering index names the column: dropped first, made again after (0012).
        migrations.RemoveIndex(
            model_name="game",
            name="game_owner_figures",
        ),
        migrations.RenameField(
            model_name="game", old_name="computer_shots", new_name="their_shots"
        ),
    ]
