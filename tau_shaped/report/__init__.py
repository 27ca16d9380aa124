"""What people read: legacy-vs-shaped comparison, the HTML report, terminal displays."""
