"""Evidence levels, gates, capacity, fleet, cost, scores, sensitivity (pure, no IO)."""
