# Two commands: `make start` and `make test`. Both install what is missing first.
PORT ?= 8080
DATA_DIR ?= ./data
# The server starts from apps/server; a relative DATA_DIR still means the caller's directory.
override DATA_DIR := $(abspath $(DATA_DIR))
export PORT DATA_DIR
# The photographic pack read in place (issue 27): absolute too, for the same reason. Unset, the
# server fetches the pack into DATA_DIR/assets in the background.
ifneq ($(STUDIO_ASSETS_DIR),)
override STUDIO_ASSETS_DIR := $(abspath $(STUDIO_ASSETS_DIR))
export STUDIO_ASSETS_DIR
endif

# The PostgreSQL suites run when a server is reachable on 127.0.0.1:5432 (started if installed).
PG_URL = $(or $(TEST_POSTGRES_URL),$(shell bash scripts/ensure-postgres.sh))

.PHONY: start test install build typecheck lint deps unit scale e2e clean

# npm 11 skips dependency install scripts (package.json allowScripts denies them all: sharp,
# esbuild and onnxruntime-node ship prebuilt binaries); the variable keeps an older npm from
# letting onnxruntime-node download CUDA libraries. Decision 0900.
node_modules/.install-stamp: package.json package-lock.json apps/*/package.json packages/*/package.json
	ONNXRUNTIME_NODE_INSTALL=skip npm ci --no-audit --no-fund
	@touch $@

install: node_modules/.install-stamp

# The browser tests serve apps/web/dist.
build: install
	npm run build -w @studio/web

# Each copy serves its own snapshot of the build, DATA_DIR/web, so a second copy started beside
# the first (another PORT and DATA_DIR) never replaces the files the first one serves.
# No malloc settings here: the embedded server (the API and the jobs in one process) keeps glibc's
# defaults, which spare it the page faults of giving every large buffer back and taking it again:
# upload → four 0.3-0.4 s faster, for ~450 MB more peak RSS (decision 0556). Workers started on
# their own (apps/worker's `npm start`) keep MALLOC_MMAP_THRESHOLD_/MALLOC_TRIM_THRESHOLD_ and
# their 1.5 GB each (decision 0554).
start: install
	bash scripts/ensure-ffmpeg.sh
	npm run build -w @studio/web
	rm -rf "$(DATA_DIR)/web.new" && mkdir -p "$(DATA_DIR)" && cp -r apps/web/dist "$(DATA_DIR)/web.new"
	rm -rf "$(DATA_DIR)/web" && mv "$(DATA_DIR)/web.new" "$(DATA_DIR)/web"
	cd apps/server && WEB_DIST_DIR="$(DATA_DIR)/web" NODE_ENV=$${NODE_ENV:-production} npx tsx src/main.ts

typecheck: install
	npm run typecheck

lint: install
	npm run lint

# The code's shape (dependency-cruiser, .dependency-cruiser.cjs): no import cycles, the layers'
# rules; a broken rule names itself and says why. Issue 30.
deps: install
	npm run deps

unit: install
	bash scripts/ensure-chromium.sh
	TEST_POSTGRES_URL=$(PG_URL) npm run test:unit

# Two API and two worker processes on PostgreSQL; skipped loudly when TEST_POSTGRES_URL is unset.
scale: install
	TEST_POSTGRES_URL=$(PG_URL) npm run test:scale

e2e: build
	bash scripts/ensure-chromium.sh
	npm run test:e2e

test: typecheck lint deps unit scale e2e

clean:
	rm -rf node_modules apps/*/node_modules packages/*/node_modules apps/web/dist data test-results
