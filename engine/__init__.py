"""The whole-game rules engine of Eclipse: Second Dawn: galaxy, state, setup, actions, phases,
scoring, the game record (replay) format and importers of saved games."""
