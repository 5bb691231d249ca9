// Demo posts about containers: Docker images and running workloads on Kubernetes.
import { code, table, type Topic } from './types.js';

const docker: Topic = {
  id: 'docker',
  category: 'DevOps',
  lang: 'en',
  tags: ['docker', 'containers'],
  posts: [
    [
      'Multi-Stage Docker Builds for Small Images',
      'A build image needs compilers, package managers and caches; a runtime image needs ' +
        'almost none of that, and multi-stage builds let one Dockerfile produce both.',
    ],
    [
      'Docker Layer Caching for Faster Builds',
      'Docker rebuilds every layer after the first one that changed, so ordering the ' +
        'Dockerfile from least to most frequently changing is the cheapest speed-up there is.',
    ],
    [
      'Why Your Container Runs as Root (and How to Stop It)',
      'Unless the Dockerfile says otherwise, processes in a container run as root, and a ' +
        'container escape or a writable volume turns that into a real problem.',
    ],
    [
      'distroless と Alpine、どちらを選ぶか',
      '小さなベースイメージの代表は Alpine と distroless ですが、musl と glibc の違いや' +
        'デバッグのしやすさなど、サイズ以外の観点でも選ぶべきです。',
    ],
    [
      'Docker Compose for Local Development',
      'A `compose.yaml` that starts the database, the cache and a mail catcher with one ' +
        'command is the best onboarding document a project can have.',
    ],
    [
      'PID 1 and Signal Handling in Containers',
      'The process running as PID 1 in a container gets no default signal handling from the ' +
        'kernel, which is why some containers ignore `docker stop` for ten seconds and then ' +
        'get killed.',
    ],
  ],
  sections: [
    [
      'Stages',
      'Each `FROM` starts a new stage. Build and test in a stage with the full toolchain, then ' +
        '`COPY --from=build` only the artefacts into a minimal runtime stage. A Go service can ' +
        'end up in an image of a few megabytes, and a Node.js service drops its dev ' +
        'dependencies and build tools.',
    ],
    [
      'Cache-friendly ordering',
      'Copy the dependency manifests first and install, then copy the source; editing a ' +
        'source file then reuses the cached dependency layer. BuildKit cache mounts ' +
        '(`RUN --mount=type=cache,target=/root/.npm`) keep package caches between builds ' +
        'without baking them into the image. A `.dockerignore` keeps `node_modules` and `.git` ' +
        'out of the build context.',
    ],
    [
      'Least privilege',
      'Create an unprivileged user and switch to it with `USER`; many official images already ' +
        'provide one, such as `node` in the Node.js images. Combine that with a read-only root ' +
        'filesystem and dropped capabilities at runtime. ~~Running as root is fine inside a ' +
        'container.~~ The container boundary is one layer of defence, not a reason to skip the ' +
        'others.',
    ],
    [
      'Signals',
      'If the entrypoint is a shell script, the shell becomes PID 1 and may not forward ' +
        '`SIGTERM` to your application. Use the exec form of `CMD` ' +
        '(`["node", "server.js"]`), end wrapper scripts with `exec "$@"`, or run a tiny init ' +
        'such as `tini` (`docker run --init`) that forwards signals and reaps zombies.',
    ],
  ],
  code: [
    code(
      'dockerfile',
      `
# syntax=docker/dockerfile:1
FROM node:22-alpine AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:22-alpine
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
USER node
EXPOSE 3000
CMD ["node", "dist/server.js"]
`,
    ),
    code(
      'yaml',
      `
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: dev
    ports: ['5432:5432']
    volumes: [db-data:/var/lib/postgresql/data]
    healthcheck:
      test: ['CMD-SHELL', 'pg_isready -U postgres']
      interval: 5s
  mail:
    image: axllent/mailpit
    ports: ['8025:8025', '1025:1025']
volumes:
  db-data:
`,
    ),
  ],
  points: [
    'Use multi-stage builds.',
    'Copy dependency manifests before the source.',
    'Add a `.dockerignore`.',
    'Run as a non-root user.',
    'Use the exec form of `CMD`.',
  ],
  links: [
    ['Docker docs: Multi-stage builds', 'https://docs.docker.com/build/building/multi-stage/'],
    [
      'Docker docs: Building best practices',
      'https://docs.docker.com/build/building/best-practices/',
    ],
  ],
};

const kubernetes: Topic = {
  id: 'kubernetes',
  category: 'DevOps',
  lang: 'zh',
  tags: ['kubernetes', 'containers'],
  posts: [
    [
      'Kubernetes 资源请求与限制该怎么设',
      'requests 决定 Pod 被调度到哪里，limits 决定它最多能用多少。两者设置不当，' +
        '要么浪费资源，要么在高峰期被限流甚至被杀掉。',
      'kubernetes-requests-and-limits',
    ],
    [
      '就绪探针和存活探针的区别',
      '存活探针失败会重启容器，就绪探针失败只会把 Pod 从服务的后端摘掉。' +
        '把两者配置成同一个检查，是很常见也很危险的错误。',
      'readiness-vs-liveness-probes',
    ],
    [
      '滚动更新时如何做到零停机',
      'Deployment 的滚动更新本身不会丢请求，丢请求的通常是应用：' +
        '还没准备好就接流量，或者收到 SIGTERM 后立刻退出。',
      'zero-downtime-rolling-updates',
    ],
    [
      'ConfigMaps, Secrets and Environment Variables',
      '配置和密钥应该与镜像分离。ConfigMap 和 Secret 可以以环境变量或文件的形式注入，' +
        '两种方式在更新时的行为并不一样。',
      'configmaps-secrets-and-env-vars',
    ],
    [
      'Kubernetes Debugging Cheat Sheet',
      'Most of my Kubernetes debugging sessions start with the same five commands, so I ' +
        'finally wrote them down in one place.',
    ],
    [
      'Horizontal Pod Autoscaling in Practice',
      'HorizontalPodAutoscaler 根据指标自动调整副本数，' +
        '但它能否按预期工作，很大程度上取决于 requests 是否设置合理。',
      'hpa-autoscaling-in-practice',
    ],
  ],
  sections: [
    [
      'requests 与 limits',
      '调度器只看 requests：节点上所有 Pod 的 requests 之和不能超过节点的可分配资源。' +
        'CPU 超过 limits 会被限流，内存超过 limits 则会被 OOMKilled。' +
        '我的做法是内存的 requests 和 limits 设成一样，CPU 只设 requests 不设 limits，' +
        '避免无谓的限流。',
    ],
    [
      '探针',
      '就绪探针应该检查应用是否能处理请求，例如连接池是否已经建立；存活探针只应该检查进程' +
        '是否卡死。~~在存活探针里检查数据库连接~~ 如果存活探针依赖数据库，数据库一抖动，' +
        '所有 Pod 会同时重启，把小故障放大成大事故。启动慢的应用还可以加上启动探针。',
    ],
    [
      '优雅退出',
      'Pod 被删除时，Kubernetes 同时做两件事：发送 SIGTERM，以及把 Pod 从 Service 的端点中' +
        '移除。后者传播到各个节点需要时间，所以应用收到 SIGTERM 后最好继续处理几秒请求，' +
        '或者用 preStop 钩子先 sleep 几秒再开始关闭。' +
        '`terminationGracePeriodSeconds` 默认是 30 秒。',
    ],
    [
      'HPA 的计算方式',
      'HPA 按「当前使用量 ÷ requests」计算利用率，再按比例调整副本数。requests 设得太低，' +
        '利用率永远偏高，副本数会一直顶到上限；设得太高，则永远不会扩容。' +
        '扩容很快，缩容默认有 5 分钟的稳定窗口，防止副本数来回抖动。',
    ],
  ],
  code: [
    code(
      'yaml',
      `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 3
  selector:
    matchLabels: { app: api }
  template:
    metadata:
      labels: { app: api }
    spec:
      terminationGracePeriodSeconds: 40
      containers:
        - name: api
          image: registry.example.com/api:1.8.2
          ports: [{ containerPort: 8080 }]
          resources:
            requests: { cpu: 250m, memory: 256Mi }
            limits: { memory: 256Mi }
          readinessProbe:
            httpGet: { path: /readyz, port: 8080 }
            periodSeconds: 5
          livenessProbe:
            httpGet: { path: /healthz, port: 8080 }
            periodSeconds: 10
            failureThreshold: 3
          lifecycle:
            preStop:
              exec: { command: ['sleep', '5'] }
`,
    ),
    code(
      'bash',
      `
kubectl get pods -l app=api -o wide           # 在哪个节点上、重启了几次
kubectl describe pod api-7d9c6b5f4-x2k8p      # 事件：调度失败、探针失败、OOMKilled
kubectl logs api-7d9c6b5f4-x2k8p --previous   # 上一次崩溃前的日志
kubectl top pods -l app=api                   # 实际 CPU 和内存用量
kubectl rollout undo deployment/api           # 回滚到上一个版本
`,
    ),
  ],
  table: table(`
| 状态 | 现象 | 常见原因 |
|---|---|---|
| \`Pending\` | Pod 无法调度 | requests 太大或节点资源不足 |
| \`CrashLoopBackOff\` | 容器反复重启 | 启动失败、存活探针太严格 |
| \`OOMKilled\` | 容器被杀 | 内存超过 limits |
| \`ImagePullBackOff\` | 拉取镜像失败 | 镜像名错误或缺少凭据 |
`),
  points: [
    '存活探针只检查进程本身。',
    '内存的 requests 与 limits 设成相同。',
    '收到 SIGTERM 后延迟几秒再关闭。',
    '先设好 requests，再配置 HPA。',
  ],
  links: [
    [
      'Kubernetes 文档：Pod 的生命周期',
      'https://kubernetes.io/zh-cn/docs/concepts/workloads/pods/pod-lifecycle/',
    ],
    [
      'Kubernetes: Horizontal Pod Autoscaling',
      'https://kubernetes.io/docs/tasks/run-application/horizontal-pod-autoscale/',
    ],
  ],
};

export const DEVOPS_CONTAINERS: Topic[] = [docker, kubernetes];
