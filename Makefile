# Two commands: `make start` and `make test`. Both install what is missing first.
PORT ?= 8080
DATA_DIR ?= ./data
# The server starts from apps/server; a relative DATA_DIR still means the caller's directory.
override DATA_DIR := $(abspath $(DATA_DIR))
export PORT DATA_DIR

# The PostgreSQL suites run when a server is reachable on 127.0.0.1:5432 (started if installed).
PG_URL = $(or $(TEST_POSTGRES_URL),$(shell bash scripts/ensure-postgres.sh))

.PHONY: start test install build typecheck lint unit scale e2e clean

node_modules/.install-stamp: package.json package-lock.json apps/*/package.json packages/*/package.json
	npm ci --no-audit --no-fund || npm install --no-audit --no-fund
	@touch $@

install: node_modules/.install-stamp

build: install
	npm run build -w @studio/web

start: build
	cd apps/server && NODE_ENV=$${NODE_ENV:-production} npx tsx src/main.ts

typecheck: install
	npm run typecheck

lint: install
	npm run lint

unit: install
	TEST_POSTGRES_URL=$(PG_URL) npm run test:unit

# Two API and two worker processes on PostgreSQL; skipped loudly when TEST_POSTGRES_URL is unset.
scale: install
	TEST_POSTGRES_URL=$(PG_URL) npm run test:scale

e2e: build
	bash scripts/ensure-chromium.sh
	npm run test:e2e

test: typecheck lint unit scale e2e

clean:
	rm -rf node_modules apps/*/node_modules packages/*/node_modules apps/web/dist data test-results
