"""Exact distributions (`Dist`) and Monte Carlo estimates with intervals."""

from .dist import Dist
from .estimate import Mean, Proportion, estimate

__all__ = ["Dist", "Mean", "Proportion", "estimate"]
