import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# The shared reference data beside the project (CI and developers); overridable for
# tools that run the tests from a copy of the tree (mutation testing).
SHARED = Path(os.environ.get("TAU_SHAPED_SHARED", ROOT.parent / "shared"))

# litellm (an optional dependency) fetches a price list at import unless told not to.
os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
