#!/bin/sh
# Makes sure the project's own Node 24 and dependencies are installed before any script runs.
# The machine's Node may be older (20); npm scripts put node_modules/.bin first on PATH, so once the
# `node` package is installed every script runs on Node 24.
set -e
cd "$(dirname "$0")/../.."
need_install=0
[ -x node_modules/.bin/node ] || need_install=1
[ -d node_modules/@rspack/core ] || need_install=1
if [ -f package-lock.json ] && [ -f node_modules/.package-lock.json ] && [ package-lock.json -nt node_modules/.package-lock.json ]; then
  need_install=1
fi
if [ "$need_install" = 1 ]; then
  if ! command -v npm >/dev/null 2>&1; then
    echo "npm is not installed. Install Node.js (any version >= 18) with npm, then run this command again." >&2
    exit 1
  fi
  echo "Installing dependencies (first run)..."
  if [ -f package-lock.json ]; then
    npm ci --no-audit --no-fund --loglevel=error
  else
    npm install --no-audit --no-fund --loglevel=error
  fi
  # npm 11 may skip the `node` package's install script; make sure its binary is in place.
  if ! node_modules/.bin/node --version >/dev/null 2>&1; then
    npm rebuild node --loglevel=error || true
  fi
fi
version=$(node_modules/.bin/node --version 2>/dev/null || echo none)
case "$version" in
  v24.*) ;;
  *)
    echo "The project needs Node 24, installed by npm as the 'node' package, but node_modules/.bin/node reports '$version'." >&2
    echo "Run 'npm rebuild node' (or 'npm install-scripts approve node && npm rebuild node') and try again." >&2
    exit 1 ;;
esac
