// Demo posts about delivering and operating software: CI/CD, observability and the shell.
import { code, table, type Topic } from './types.js';

const ciCd: Topic = {
  id: 'ci-cd',
  category: 'DevOps',
  lang: 'en',
  tags: ['ci-cd', 'github-actions'],
  posts: [
    [
      'GitHub Actions Caching That Actually Hits',
      'A cache keyed on the wrong thing either never hits or restores stale dependencies, and ' +
        'both look the same in the logs unless you read the key.',
    ],
    [
      'Trunk-Based Development in a Small Team',
      'We stopped keeping long-lived feature branches two years ago; small pull requests ' +
        'merged daily behind feature flags turned out to be less risky, not more.',
    ],
    [
      'Feature Flags Without a Vendor',
      'You do not need a SaaS product to start with feature flags: a table, a cache and the ' +
        'discipline to delete old flags get you surprisingly far.',
    ],
    [
      'CI パイプラインを 10 分以内に保つ',
      'CI が 10 分を超えると、開発者は結果を待たずに別の作業を始め、失敗に気づくのが' +
        '遅れます。速さは品質のための機能です。',
      'keep-ci-under-ten-minutes',
    ],
    [
      'Blue-Green vs Canary Deployments',
      'Blue-green switches all traffic at once and makes rollback instant; canary shifts a ' +
        'small share first and lets real traffic tell you whether the release is healthy.',
    ],
    [
      'Secrets in CI: OIDC로 장기 키 없애기',
      'Long-lived cloud keys stored as CI secrets are a breach waiting to happen; with OpenID ' +
        'Connect the runner trades a short-lived token for temporary credentials instead.',
    ],
  ],
  sections: [
    [
      'Cache keys',
      'Key dependency caches on the lockfile hash and the runtime version, with a ' +
        '`restore-keys` prefix as a fallback. Cache the package manager download cache rather ' +
        'than `node_modules`, so that `npm ci` still produces a clean install. Most `setup-*` ' +
        'actions do exactly this with a single `cache:` input.',
    ],
    [
      'Small batches',
      'Merging small changes to the main branch at least daily keeps conflicts small and ' +
        'makes every deploy easy to reason about. Unfinished work hides behind a flag instead ' +
        'of on a branch. The prerequisite is a fast, trustworthy CI: if the main branch stays ' +
        'red for hours, trunk-based development falls apart.',
    ],
    [
      'Keeping CI fast',
      'Run the cheapest checks first (formatting, lint, type check) and fail fast. Split the ' +
        'test suite across parallel jobs, cache dependencies and build outputs, and run ' +
        'expensive end-to-end suites only when relevant paths change. ~~Buy bigger runners.~~ ' +
        'Bigger runners help, but our biggest wins came from deleting redundant steps.',
    ],
    [
      'Progressive delivery',
      'A canary release sends a few percent of traffic to the new version and compares its ' +
        'error rate and latency with the old one before continuing, which needs good metrics ' +
        'and a way to split traffic. Blue-green is simpler: deploy the new version next to the ' +
        'old, switch the router, and keep the old one warm until you are confident.',
    ],
    [
      'No long-lived secrets',
      'GitHub Actions can request an OIDC token that names the repository, branch and ' +
        'workflow. Configure the cloud provider to trust that issuer and map specific claims ' +
        'to a role, and the job receives credentials that expire within the hour. Restrict the ' +
        'trust policy to the main branch or a protected environment, or any pull request ' +
        'could deploy.',
    ],
  ],
  code: [
    code(
      'yaml',
      `
name: ci
on:
  push:
    branches: [main]
  pull_request:

permissions:
  contents: read

jobs:
  test:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        shard: [1, 2, 3]
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          cache: npm
      - run: npm ci
      - run: npm run lint && npm run typecheck
      - run: npx vitest run --shard=\${{ matrix.shard }}/3
`,
    ),
    code(
      'ts',
      `
type Flag = { name: string; enabled: boolean; rolloutPercent: number };

// Hashing the user id keeps each user in the same bucket across requests.
function bucket(userId: string, flag: string): number {
  let hash = 0;
  for (const ch of \`\${flag}:\${userId}\`) {
    hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  }
  return hash % 100;
}

export function isEnabled(flag: Flag | undefined, userId: string): boolean {
  if (!flag || !flag.enabled) return false;
  return bucket(userId, flag.name) < flag.rolloutPercent;
}
`,
    ),
  ],
  table: table(`
| Strategy | Rollback | Extra capacity | Catches problems with |
|---|---|---|---|
| Rolling | redeploy the old version | small | health checks |
| Blue-green | switch back instantly | double | smoke tests before the switch |
| Canary | shift traffic back | small | metrics from real traffic |
`),
  points: [
    'Key caches on lockfiles and runtime versions.',
    'Fail fast on cheap checks.',
    'Merge small changes daily, behind flags if needed.',
    'Delete feature flags once they are fully rolled out.',
    'Use OIDC instead of stored cloud keys.',
  ],
  links: [
    ['GitHub Actions documentation', 'https://docs.github.com/en/actions'],
    ['Trunk Based Development', 'https://trunkbaseddevelopment.com/'],
  ],
};

const observability: Topic = {
  id: 'observability',
  category: 'DevOps',
  lang: 'ko',
  tags: ['observability', 'monitoring'],
  posts: [
    [
      '로그, 메트릭, 트레이스: 관측 가능성의 세 기둥',
      '로그는 무슨 일이 있었는지, 메트릭은 얼마나 자주 어느 정도로 일어나는지, 트레이스는 ' +
        '요청이 어디를 거쳐 갔는지를 알려 줍니다. 셋은 서로를 대체하지 못합니다.',
      'logs-metrics-and-traces',
    ],
    [
      '구조화된 로그를 남기는 법',
      '`console.log`로 남긴 문장형 로그는 사람이 읽기엔 좋지만 검색하고 집계하기는 ' +
        '어렵습니다. JSON 형태의 구조화된 로그가 기본이 되어야 합니다.',
      'structured-logging-basics',
    ],
    [
      'Getting Started with OpenTelemetry Tracing',
      'OpenTelemetry는 트레이스, 메트릭, 로그를 수집하는 벤더 중립적인 표준입니다. ' +
        '한 번 계측해 두면 백엔드를 바꿔도 애플리케이션 코드를 고칠 필요가 없습니다.',
      'opentelemetry-distributed-tracing',
    ],
    [
      'SLO와 에러 버짓으로 알림 줄이기',
      'CPU 사용률 같은 원인 지표에 알림을 걸면 새벽에 불필요하게 깨어나게 됩니다. ' +
        '사용자가 겪는 증상을 SLO로 정의하고, 에러 버짓이 빠르게 줄어들 때만 알림을 보내는 ' +
        '편이 낫습니다.',
      'slo-error-budget-alerting',
    ],
    [
      'Prometheus Histograms and Percentiles',
      'Averages hide the slow requests your users complain about, and percentiles cannot be ' +
        'averaged across instances, which is exactly why Prometheus histograms exist.',
    ],
    [
      '장애 회고(Postmortem) 잘 쓰는 법',
      '장애 회고의 목적은 책임자를 찾는 것이 아니라, 같은 종류의 장애가 다시 일어나지 ' +
        '않도록 시스템을 바꾸는 것입니다.',
      'writing-good-postmortems',
    ],
  ],
  sections: [
    [
      '세 가지 신호',
      '메트릭은 저렴하고 오래 보관할 수 있어 대시보드와 알림에 적합합니다. 로그는 개별 ' +
        '이벤트의 자세한 맥락을 담고, 트레이스는 하나의 요청이 여러 서비스를 거치며 어디서 ' +
        '시간을 썼는지 보여 줍니다. 로그와 트레이스에 같은 `trace_id`를 남겨 두면 느린 ' +
        '트레이스에서 바로 해당 로그로 넘어갈 수 있습니다.',
    ],
    [
      '카디널리티 주의',
      '메트릭 레이블에 사용자 ID나 요청 URL 전체처럼 값의 종류가 무한한 데이터를 넣으면 ' +
        '시계열 수가 폭발합니다. 레이블에는 HTTP 메서드, 라우트 패턴(`/users/:id`), 상태 ' +
        '코드 범주처럼 값이 제한된 것만 씁니다. ~~일단 다 레이블로 넣고 나중에 거르자~~ ' +
        '한 번 폭발한 시계열은 저장소 전체를 느리게 만듭니다.',
    ],
    [
      'SLO와 번 레이트',
      '"30일 동안 요청의 99.9%가 500ms 안에 성공한다"를 SLO로 정하면, 허용되는 실패 0.1%가 ' +
        '에러 버짓입니다. 알림은 버짓이 소진되는 속도(번 레이트)를 기준으로 겁니다. 1시간 ' +
        '동안 14.4배 속도로 버짓을 태우고 있다면 즉시 호출하고, 천천히 새는 경우는 업무 ' +
        '시간에 티켓으로 처리합니다.',
    ],
    [
      '비난 없는 회고',
      '회고 문서에는 타임라인, 영향 범위, 근본 원인과 기여 요인, 그리고 담당자와 기한이 있는 ' +
        '후속 조치를 적습니다. "누가 실수했나"가 아니라 "왜 그 실수가 가능했나"를 묻습니다. ' +
        '사람이 실수할 수 있는 지점은 결국 도구와 절차로 막아야 합니다.',
    ],
  ],
  code: [
    code(
      'ts',
      `
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { NodeSDK } from '@opentelemetry/sdk-node';

// 애플리케이션 코드보다 먼저 로드되어야 HTTP와 DB 클라이언트가 자동으로 계측됩니다.
const sdk = new NodeSDK({
  serviceName: 'checkout-api',
  traceExporter: new OTLPTraceExporter({ url: 'http://otel-collector:4318/v1/traces' }),
  instrumentations: [getNodeAutoInstrumentations()],
});

sdk.start();
process.on('SIGTERM', () => {
  void sdk.shutdown();
});
`,
    ),
    code(
      'promql',
      `
# 지난 5분 동안의 라우트별 p99 지연 시간
histogram_quantile(
  0.99,
  sum by (le, route) (rate(http_request_duration_seconds_bucket[5m]))
)

# 5xx 응답 비율
sum(rate(http_requests_total{status=~"5.."}[5m]))
  / sum(rate(http_requests_total[5m]))
`,
    ),
  ],
  table: table(`
| 신호 | 답하는 질문 | 비용 | 보관 기간 |
|---|---|---|---|
| 메트릭 | 얼마나 자주, 얼마나 많이? | 낮음 | 수개월 |
| 로그 | 정확히 무슨 일이 있었나? | 높음 | 수일에서 수주 |
| 트레이스 | 어디서 시간이 걸렸나? | 중간 (샘플링) | 수일 |
`),
  points: [
    '로그와 트레이스에 같은 `trace_id`를 남긴다.',
    '메트릭 레이블에는 값이 제한된 데이터만 넣는다.',
    '원인이 아니라 증상에 알림을 건다.',
    '회고에서는 사람이 아니라 시스템을 고친다.',
  ],
  links: [
    ['OpenTelemetry documentation', 'https://opentelemetry.io/docs/'],
    ['Google SRE Workbook: Alerting on SLOs', 'https://sre.google/workbook/alerting-on-slos/'],
  ],
};

const shell: Topic = {
  id: 'shell',
  category: 'DevOps',
  lang: 'en',
  tags: ['shell', 'linux'],
  posts: [
    [
      'Writing Bash Scripts That Fail Loudly',
      'Bash keeps going after errors by default, so a script that failed halfway looks just ' +
        'like one that succeeded, unless you change three settings at the top.',
    ],
    [
      'find, xargs and Filenames with Spaces',
      'Piping `find` into `xargs` works until the first filename with a space or a newline in ' +
        'it, and the fix is two flags that should have been the default.',
    ],
    [
      'jq Recipes for Everyday JSON',
      '`jq` is the tool I reach for whenever an API returns JSON, and a dozen filters cover ' +
        'nearly everything I need from it.',
    ],
    [
      'When the Disk Is Full on a Linux Server',
      '`No space left on device`가 보이면 먼저 어느 디렉터리가 큰지 찾고, 삭제했는데도 ' +
        '공간이 돌아오지 않는다면 아직 열려 있는 파일을 의심해야 합니다.',
      'linux-disk-full',
    ],
    [
      'SSH Config Tricks That Save Me Time',
      'Most of my SSH typing disappeared once I put hosts, users, jump hosts and connection ' +
        'sharing into `~/.ssh/config`.',
    ],
  ],
  sections: [
    [
      'Strict mode',
      '`set -e` exits on the first failing command, `set -u` treats unset variables as errors, ' +
        'and `set -o pipefail` fails a pipeline if any part fails, not just the last. `set -e` ' +
        'has surprising exceptions, such as commands in `if` conditions or left of `&&`, so it ' +
        'is a safety net rather than error handling. Anything longer than a screen deserves a ' +
        'real programming language.',
    ],
    [
      'Quoting',
      'Always quote expansions: `"$file"`, not `$file`. Unquoted expansions are split on ' +
        'whitespace and expanded as globs, which is how a filename with a space becomes two ' +
        'arguments. For lists of files use arrays, `files=("$dir"/*.log)`, expanded as ' +
        '`"${files[@]}"`. ShellCheck finds almost all of these mistakes automatically.',
    ],
    [
      'Null-separated pipelines',
      "`find . -name '*.log' -print0 | xargs -0 rm` separates names with NUL bytes, the only " +
        'character that cannot appear in a path, and `find -exec rm {} +` is often simpler ' +
        'still. ~~Parse the output of `ls`.~~ Never parse `ls`; its output is meant for humans.',
    ],
    [
      'Disk space',
      '`df -h` shows which filesystem is full and `du -xh --max-depth=1 / | sort -h` shows ' +
        'where the space went. If `du` and `df` disagree, a process is still holding a deleted ' +
        'file open: `lsof +L1` lists such files, and restarting the process releases the space.',
    ],
    [
      'SSH config',
      'A `Host` block can set `HostName`, `User`, `Port` and `IdentityFile`, so `ssh db-prod` ' +
        'replaces a long command line. `ProxyJump bastion` hops through a bastion host, and ' +
        '`ControlMaster auto` with `ControlPersist 10m` reuses one connection for later ' +
        'sessions, which makes repeated `ssh` and `scp` calls instant.',
    ],
  ],
  code: [
    code(
      'bash',
      `
#!/usr/bin/env bash
set -euo pipefail

readonly backup_dir="/var/backups/app"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

log() { printf '%s %s\\n' "$(date -u +%FT%TZ)" "$*" >&2; }

log "dumping database"
pg_dump --format=custom --file="$tmp/app.dump" "$DATABASE_URL"

log "copying to $backup_dir"
mkdir -p "$backup_dir"
mv "$tmp/app.dump" "$backup_dir/app-$(date -u +%Y%m%d).dump"

# keep two weeks of backups
find "$backup_dir" -name 'app-*.dump' -mtime +14 -print0 | xargs -0 -r rm --
log "done"
`,
    ),
    code(
      'bash',
      `
# pretty-print and pick fields
curl -s https://api.github.com/repos/nodejs/node | jq '{name, stars: .stargazers_count}'

# one line per item, tab-separated
jq -r '.items[] | [.id, .status] | @tsv' orders.json

# count by a field
jq 'group_by(.status) | map({status: .[0].status, count: length})' orders.json
`,
    ),
  ],
  points: [
    'Start every script with `set -euo pipefail`.',
    'Quote every expansion.',
    'Run ShellCheck in CI.',
    'Use `-print0` with `xargs -0` for filenames.',
    'Clean up temporary files with `trap`.',
  ],
  links: [
    ['ShellCheck', 'https://www.shellcheck.net/'],
    ['jq manual', 'https://jqlang.org/manual/'],
  ],
};

export const DEVOPS_DELIVERY: Topic[] = [ciCd, observability, shell];
