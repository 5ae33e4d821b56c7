"""Evidence levels, gates, capacity, fleet, cost, scores, sensitivity (pure, no IO).

``evaluate(workspace) -> Assessment`` is the entry point; ``monte_carlo(workspace)`` runs the
draws on their own (for a background task while ``evaluate`` re-runs on every edit).
"""

from deepdecide.analysis.assessment import Assessment, OptionAssessment, to_data
from deepdecide.analysis.engine import evaluate, monte_carlo
from deepdecide.analysis.scoring import METRICS

__all__ = ["METRICS", "Assessment", "OptionAssessment", "evaluate", "monte_carlo", "to_data"]
