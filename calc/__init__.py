"""Battle mathematics: dice, the battle model, the exact solver, damage-assignment policies,
Monte Carlo, the exact-to-approximate ladder, sector combat and the fleet designer."""
