"""Pure Plotly figure builders: data in, ``plotly.graph_objects.Figure`` out.

Nothing here touches Streamlit, so every figure is tested as data (``fig.data`` values).
"""

from __future__ import annotations
