#!/usr/bin/env bash
# Install the system packages kassen's Makefile needs on Debian 12, only those missing (idempotent).
#   tools/system-deps.sh          node/npm and Python's venv (for `make serve` and the test venv)
#   tools/system-deps.sh browser  the same plus Debian's Chromium (for `make test`)
# As root it runs apt-get; otherwise it says what to install. Chromium is optional off CI: without it the
# browser tests fall back to Playwright's own browser (`.venv/bin/python -m playwright install chromium`).
set -euo pipefail

want=()
command -v npm >/dev/null 2>&1 || want+=(nodejs npm)
python3 -c "import ensurepip, venv" >/dev/null 2>&1 || want+=(python3-venv)
chromium_missing=0
if [ "${1:-}" = browser ] && [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
  chromium_missing=1
  want+=(chromium)
fi

[ ${#want[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "system-deps: installing ${want[*]} with apt-get"
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${want[@]}"
  exit 0
fi

essential=()
for pkg in "${want[@]}"; do [ "$pkg" = chromium ] || essential+=("$pkg"); done
if [ $chromium_missing = 1 ]; then
  echo "system-deps: Chromium not found at ${CHROMIUM:-/usr/bin/chromium}. Install it with" \
       "'sudo apt-get install chromium' (or set CHROMIUM=/path/to/chromium); until then the browser" \
       "tests use Playwright's own browser if '.venv/bin/python -m playwright install chromium' was run."
fi
if [ ${#essential[@]} -gt 0 ]; then
  echo "system-deps: missing ${essential[*]}: install with 'sudo apt-get install ${essential[*]}'." >&2
  exit 1
fi
