from redouble.cli import run

# Guarded: worker processes started with "spawn" (redouble simulate) import this module again.
if __name__ == "__main__":
    run()
