// Demo posts about web networking: HTTP versions, real-time connections and load balancing.
import { code, table, type Topic } from './types.js';

const httpVersions: Topic = {
  id: 'http-versions',
  category: 'Networking',
  lang: 'ja',
  tags: ['http', 'quic'],
  posts: [
    [
      'HTTP/2 Multiplexing and Priorities',
      'HTTP/2 は一本の TCP 接続の上で複数のリクエストを同時に流せるようにしました。' +
        'ドメインシャーディングのような HTTP/1.1 時代の工夫は、もう必要ありません。',
      'http2-multiplexing-and-priorities',
    ],
    [
      'HTTP/3 と QUIC: なぜ UDP なのか',
      'HTTP/3 は TCP ではなく、UDP の上に作られた QUIC を使います。' +
        'OS のカーネルを変えずに新しいトランスポートを普及させるための選択でした。',
      'http3-and-quic-why-udp',
    ],
    [
      'QUIC Connection Migration',
      'Wi-Fi からモバイル回線に切り替わると、IP アドレスが変わるため TCP の接続は切れて' +
        'しまいます。QUIC は接続 ID で接続を識別するので、そのまま通信を続けられます。',
      'quic-connection-migration',
    ],
    [
      'HTTP/1.1 Keep-Alive から HTTP/3 までの変遷',
      'HTTP の歴史は、レイテンシとの戦いの歴史でもあります。' +
        'バージョンごとに何が解決され、何が残ったのかを整理しました。',
      'from-keep-alive-to-http3',
    ],
    [
      'HTTP/2 Server Push Is Dead, Use 103 Early Hints',
      'Chrome removed HTTP/2 server push because it rarely helped in practice; `103 Early ' +
        'Hints` lets the server suggest preloads without guessing what the browser has cached.',
    ],
    [
      'curl で HTTP/3 を試す',
      'HTTP/3 に対応したビルドの curl があれば、`--http3` オプションひとつで' +
        'サーバーの対応状況を確かめられます。',
      'trying-http3-with-curl',
    ],
  ],
  sections: [
    [
      '多重化',
      'HTTP/2 ではリクエストとレスポンスがフレームに分割され、ストリーム ID を付けて' +
        '一本の接続上で交互に送られます。そのため、ブラウザがホストごとに六本前後の接続を' +
        '張る必要がなくなりました。ヘッダーは HPACK で圧縮され、' +
        '同じヘッダーを何度も送る無駄も減っています。',
    ],
    [
      'TCP の限界',
      'HTTP/2 で HTTP レベルの Head-of-Line ブロッキングは解消されましたが、TCP レベルの' +
        '問題は残りました。パケットが一つ失われると、その後ろのデータは別のストリームのもので' +
        'も待たされます。QUIC はストリームごとに順序を管理するため、' +
        '失われたパケットの影響はそのストリームだけにとどまります。',
    ],
    [
      'QUIC の特徴',
      'QUIC は TLS 1.3 を組み込んでおり、トランスポートと暗号化のハンドシェイクを同時に' +
        '行うため、新規接続でも 1 往復で通信を始められます。ヘッダーの大部分も暗号化される' +
        'ので、途中の機器が勝手に解釈することができません。~~UDP だから信頼性がない~~ ' +
        '再送や輻輳制御は QUIC 自身が実装しています。',
    ],
    [
      'HTTP/3 の見つけ方',
      'ブラウザは最初は HTTP/1.1 か HTTP/2 で接続し、レスポンスの `Alt-Svc` ヘッダーや DNS の ' +
        'HTTPS レコードで HTTP/3 が使えることを知ります。そのため UDP がブロックされている' +
        'ネットワークでは、自動的に TCP にフォールバックします。',
    ],
  ],
  code: [
    code(
      'bash',
      `
# HTTP/3 で接続できるか（HTTP/3 対応ビルドの curl が必要）
curl -sI --http3 https://www.cloudflare.com | head -n 1

# Alt-Svc ヘッダーで HTTP/3 の案内を確認する
curl -sI https://www.google.com | grep -i '^alt-svc'

# 使われたプロトコルのバージョンだけを表示する
curl -s -o /dev/null -w '%{http_version}\\n' https://example.com
`,
    ),
    code(
      'http',
      `
HTTP/1.1 103 Early Hints
Link: </styles/main.css>; rel=preload; as=style
Link: </fonts/inter-var.woff2>; rel=preload; as=font; crossorigin

HTTP/1.1 200 OK
Content-Type: text/html; charset=utf-8
Link: </styles/main.css>; rel=preload; as=style
`,
    ),
  ],
  table: table(`
| | HTTP/1.1 | HTTP/2 | HTTP/3 |
|---|---|---|---|
| トランスポート | TCP | TCP | QUIC (UDP) |
| 多重化 | なし（接続を複数張る） | あり | あり |
| HoL ブロッキング | HTTP と TCP | TCP | なし（ストリーム単位） |
| ヘッダー圧縮 | なし | HPACK | QPACK |
| 暗号化 | 任意 | 事実上必須 | 必須 |
`),
  points: [
    'HTTP/1.1 時代の最適化（ドメインシャーディングなど）は外す。',
    'Server Push の代わりに 103 Early Hints を使う。',
    'UDP がブロックされる環境でも TCP にフォールバックできることを確認する。',
  ],
  links: [
    ['RFC 9114: HTTP/3', 'https://www.rfc-editor.org/rfc/rfc9114'],
    ['RFC 9000: QUIC', 'https://www.rfc-editor.org/rfc/rfc9000'],
  ],
};

const realtime: Topic = {
  id: 'realtime',
  category: 'Networking',
  lang: 'zh',
  tags: ['websocket', 'load-balancing'],
  posts: [
    [
      'WebSocket, SSE or Long Polling?',
      '服务器需要主动推送数据时，有 WebSocket、Server-Sent Events 和长轮询三种常见方案。' +
        '如果只需要单向推送，SSE 往往是最简单的选择。',
      'websocket-sse-or-long-polling',
    ],
    [
      'WebSocket 心跳与断线重连',
      'WebSocket 连接可能在没有任何通知的情况下失效，比如中间的 NAT 或代理超时。' +
        '心跳和带退避的重连是客户端必须实现的部分。',
      'websocket-heartbeats-and-reconnects',
    ],
    [
      '四层与七层负载均衡的区别',
      '四层负载均衡只看 IP 和端口，转发 TCP 或 UDP 连接；七层负载均衡理解 HTTP，' +
        '可以按路径、请求头路由，也能做重试和熔断。',
      'l4-vs-l7-load-balancing',
    ],
    [
      '负载均衡算法：轮询、最少连接与一致性哈希',
      '轮询简单公平，但请求耗时差异大时会让部分实例过载。' +
        '最少连接和「两次随机选择」在实践中往往表现更好。',
      'load-balancing-algorithms',
    ],
    [
      'Scaling WebSockets Behind a Load Balancer',
      'WebSocket connections are long-lived, so a rolling deploy or an uneven load balancer ' +
        'can leave one instance holding most of the connections for hours.',
    ],
  ],
  sections: [
    [
      '三种推送方式',
      '长轮询兼容性最好，但每条消息都要重新发起请求。SSE 基于普通的 HTTP 响应，浏览器的 ' +
        '`EventSource` 自带断线重连，适合通知、进度条这类单向推送。WebSocket 是全双工的，' +
        '适合聊天、协同编辑等双向高频通信，但需要自己处理心跳、重连和鉴权。',
    ],
    [
      '心跳与重连',
      '服务端定期发送 ping，客户端在一段时间内收不到任何消息就主动断开重连。' +
        '重连要使用指数退避加随机抖动，否则服务重启时所有客户端会在同一秒涌回来。' +
        '~~断线后立即重连~~ 立即重连会把短暂的故障放大成雪崩。',
    ],
    [
      '四层还是七层',
      '四层负载均衡开销小、对协议无感知，适合数据库、gRPC 长连接等场景。七层负载均衡能终止 ' +
        'TLS、按 URL 路由、添加请求头、统计每个请求的延迟，代价是更多的计算和一次额外的连接。' +
        '很多架构在最外层用四层，内部再用七层。',
    ],
    [
      '长连接的负载问题',
      '负载均衡只在建立连接时做选择，长连接一旦建立就固定在某个实例上。滚动发布时，' +
        '先启动的新实例会接走大部分重连，导致负载不均。可以让服务端在连接存活一段时间后' +
        '主动要求客户端重连，让连接逐渐重新分布。',
    ],
  ],
  code: [
    code(
      'ts',
      `
export function connect(url: string, onMessage: (data: string) => void): void {
  let attempt = 0;

  function open(): void {
    const ws = new WebSocket(url);
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const resetIdle = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => ws.close(), 45_000); // 服务端每 20 秒发一次心跳
    };

    ws.onopen = () => {
      attempt = 0;
      resetIdle();
    };
    ws.onmessage = (event) => {
      resetIdle();
      if (event.data !== 'ping') onMessage(String(event.data));
    };
    ws.onclose = () => {
      clearTimeout(idleTimer);
      const delay = Math.random() * Math.min(30_000, 1000 * 2 ** attempt); // 退避加抖动
      attempt += 1;
      setTimeout(open, delay);
    };
  }

  open();
}
`,
    ),
    code(
      'nginx',
      `
upstream realtime {
    least_conn;
    server 10.0.0.11:8080;
    server 10.0.0.12:8080;
}

server {
    listen 443 ssl;
    server_name ws.example.com;

    location /ws {
        proxy_pass http://realtime;
        proxy_http_version 1.1;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection "upgrade";
        proxy_read_timeout 60s; # 必须大于心跳间隔
    }
}
`,
    ),
  ],
  table: table(`
| 方案 | 方向 | 自动重连 | 适用场景 |
|---|---|---|---|
| 长轮询 | 服务器到客户端 | 需要自己实现 | 兼容老旧环境 |
| SSE | 服务器到客户端 | 浏览器自带 | 通知、进度、日志流 |
| WebSocket | 双向 | 需要自己实现 | 聊天、协同编辑、游戏 |
`),
  points: [
    '单向推送优先考虑 SSE。',
    '心跳间隔要小于所有中间代理的超时时间。',
    '重连必须带退避和抖动。',
    '长连接服务要考虑发布后的负载再平衡。',
  ],
  links: [
    ['MDN: WebSocket API', 'https://developer.mozilla.org/en-US/docs/Web/API/WebSockets_API'],
    [
      'MDN: Server-sent events',
      'https://developer.mozilla.org/en-US/docs/Web/API/Server-sent_events',
    ],
  ],
};

export const NETWORKING_WEB: Topic[] = [httpVersions, realtime];
