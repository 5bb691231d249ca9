// Demo posts about network fundamentals: TCP, TLS and DNS.
import { code, table, type Topic } from './types.js';

const tcp: Topic = {
  id: 'tcp',
  category: 'Networking',
  lang: 'en',
  tags: ['tcp', 'linux'],
  posts: [
    [
      'TCP Handshakes, TIME_WAIT and Why It Exists',
      'The side that closes a TCP connection first keeps it in `TIME_WAIT` for a while, and a ' +
        'busy client opening many short connections can run out of ephemeral ports because of it.',
    ],
    [
      "Nagle's Algorithm and TCP_NODELAY",
      "Small writes on a TCP socket can be held back by Nagle's algorithm interacting with " +
        'delayed ACKs, adding noticeable latency to request-response protocols.',
    ],
    [
      'Head-of-Line Blocking Explained',
      'TCP delivers bytes in order, so one lost packet holds back everything behind it, even ' +
        'data that belongs to a completely independent request.',
    ],
    [
      'TCP Congestion Control: From Reno to BBR',
      'Congestion control decides how fast a sender may transmit without overwhelming the ' +
        'network, and loss-based CUBIC and model-based BBR see congestion very differently.',
      'tcp-congestion-control',
    ],
    [
      'Keep-Alive and Connection Pools',
      'Opening a new TCP and TLS connection per request costs several round trips, so HTTP ' +
        'clients keep connections alive and pool them, which has its own failure modes.',
    ],
    [
      'tcpdump で TCP の動きを観察する',
      'ドキュメントを読むよりも、実際のパケットを見るほうが TCP の理解は早く進みます。' +
        'tcpdump でハンドシェイクと切断を観察してみました。',
      'watching-tcp-with-tcpdump',
    ],
  ],
  sections: [
    [
      'Three-way handshake',
      'A connection starts with `SYN`, `SYN-ACK`, `ACK`, which costs one round trip before ' +
        'the client can send data. Each side picks a random initial sequence number, which ' +
        'protects against stale segments and some spoofing attacks, and the handshake also ' +
        'negotiates options such as the maximum segment size and window scaling.',
    ],
    [
      'TIME_WAIT',
      'After the active closer sends the final `ACK`, it waits for twice the maximum segment ' +
        'lifetime, 60 seconds on Linux, so that delayed segments of the old connection cannot ' +
        'be mistaken for a new one with the same four-tuple. It is a feature, not a leak: if a ' +
        'client exhausts its ports, reuse connections instead of tuning the kernel.',
    ],
    [
      'Small writes',
      "Nagle's algorithm holds back a small segment while earlier data is unacknowledged, and " +
        'the receiver may delay its ACK hoping to piggyback it on a response. Together they ' +
        'can stall a request written in two small pieces. `TCP_NODELAY` disables Nagle; most ' +
        'HTTP clients and database drivers set it, and Go does so by default.',
    ],
    [
      'Congestion control',
      'Reno and CUBIC treat packet loss as the signal to slow down, which works poorly on ' +
        'links with random loss or very deep buffers. BBR estimates the bottleneck bandwidth ' +
        'and minimum round-trip time and paces packets to match. ~~BBR is always faster.~~ It ' +
        'often helps on lossy long-distance links but can be unfair to CUBIC flows.',
    ],
    [
      'Watching packets',
      "`tcpdump -i any -nn 'tcp port 443'` prints each segment with its flags: `[S]` for SYN, " +
        '`[S.]` for SYN-ACK, `[.]` for a plain ACK, `[P.]` for data, `[F.]` for FIN and `[R]` ' +
        'for reset. Writing a capture with `-w` and opening it in Wireshark makes ' +
        'retransmissions and window sizes easy to spot.',
    ],
  ],
  code: [
    code(
      'bash',
      `
# connections per state
ss -tan | awk 'NR > 1 { count[$1]++ } END { for (s in count) print s, count[s] }'

# only handshakes, teardowns and resets for one host
sudo tcpdump -i any -nn \\
  'host 203.0.113.10 and port 443 and tcp[tcpflags] & (tcp-syn|tcp-fin|tcp-rst) != 0'

# the congestion control algorithm in use
sysctl net.ipv4.tcp_congestion_control
`,
    ),
  ],
  table: table(`
| State | Meaning |
|---|---|
| \`LISTEN\` | waiting for connections |
| \`SYN-SENT\` | sent SYN, waiting for SYN-ACK |
| \`ESTABLISHED\` | data can flow |
| \`FIN-WAIT-2\` | we closed, waiting for the peer to close |
| \`CLOSE-WAIT\` | the peer closed, our application has not yet |
| \`TIME-WAIT\` | we closed first and are waiting out old segments |
`),
  points: [
    'Reuse connections instead of tuning `TIME_WAIT`.',
    'Lots of `CLOSE-WAIT` means the application is not closing its sockets.',
    'Set `TCP_NODELAY` for request-response protocols.',
    'Capture packets before guessing.',
  ],
  links: [
    ['RFC 9293: Transmission Control Protocol', 'https://www.rfc-editor.org/rfc/rfc9293'],
    ['tcpdump manual', 'https://www.tcpdump.org/manpages/tcpdump.1.html'],
  ],
};

const tls: Topic = {
  id: 'tls',
  category: 'Networking',
  lang: 'en',
  tags: ['tls', 'security'],
  posts: [
    [
      'What Happens in a TLS 1.3 Handshake',
      'TLS 1.3 cut the handshake to a single round trip by having the client guess the key ' +
        'exchange up front, and removed a decade of insecure options along the way.',
    ],
    [
      'Certificates, Chains and Why Intermediates Matter',
      'Most "certificate not trusted" errors I have debugged came from a server sending its ' +
        'leaf certificate without the intermediate, which some clients can fetch and others ' +
        'cannot.',
    ],
    [
      "Let's Encrypt 자동 갱신이 실패하는 이유",
      "Let's Encrypt certificates are short-lived on purpose, so renewal has to be automatic, " +
        'and when it silently breaks you find out from your users.',
      'lets-encrypt-renewal-failures',
    ],
    [
      'Mutual TLS Between Services',
      'With mutual TLS the server also verifies a client certificate, which gives ' +
        'service-to-service calls strong identity without passing shared secrets around.',
    ],
    [
      'HSTS 和 HTTPS 重定向',
      '只把 HTTP 重定向到 HTTPS 还不够，第一次请求仍然是明文。' +
        'HSTS 告诉浏览器以后直接使用 HTTPS，连重定向都省掉。',
      'hsts-and-https-redirects',
    ],
  ],
  sections: [
    [
      'One round trip',
      'In TLS 1.3 the `ClientHello` already carries key shares for the groups the client ' +
        'expects the server to pick, usually X25519. The server answers with its share, ' +
        'certificate and `Finished` in one flight, so application data flows after one round ' +
        'trip. Resumed sessions can even send *0-RTT* early data, which can be replayed and ' +
        'should only carry idempotent requests.',
    ],
    [
      'The chain of trust',
      'Clients trust a set of root certificates; roots sign intermediates, and intermediates ' +
        'sign your leaf. The server must send the leaf and the intermediates, but not the ' +
        'root. `openssl s_client -showcerts` shows exactly what the server sends, and it is ' +
        'the first command to run when only some clients fail.',
    ],
    [
      'Automate renewal',
      'Short certificate lifetimes limit the damage of a leaked key, but only work with ' +
        'automation. Run the ACME client on a timer, reload the web server after renewal, and ' +
        'monitor the expiry of the certificate actually served, not the file on disk. ' +
        '~~Set a calendar reminder.~~ Calendars do not scale past two certificates.',
    ],
    [
      'Identity for services',
      'In mutual TLS each service gets a certificate from an internal CA, often issued ' +
        'automatically by a service mesh or a SPIFFE implementation, with the service identity ' +
        'in the subject alternative name. Authorisation rules then refer to identities rather ' +
        'than IP addresses, which keeps working when workloads move.',
    ],
    [
      'HSTS',
      'The `Strict-Transport-Security` header tells the browser to use HTTPS for the domain ' +
        'for `max-age` seconds and to refuse to click through certificate errors. Start with a ' +
        'short `max-age`, add `includeSubDomains` once every subdomain supports HTTPS, and only ' +
        'then consider the preload list, which is hard to undo.',
    ],
  ],
  code: [
    code(
      'bash',
      `
# What does the server actually send? Look at the chain.
openssl s_client -connect example.com:443 -servername example.com -showcerts </dev/null

# When does the served certificate expire?
openssl s_client -connect example.com:443 -servername example.com </dev/null 2>/dev/null \\
  | openssl x509 -noout -enddate

# Negotiated protocol version and ALPN
curl -sv https://example.com -o /dev/null 2>&1 | grep -E 'SSL connection|ALPN'
`,
    ),
  ],
  table: table(`
| | TLS 1.2 | TLS 1.3 |
|---|---|---|
| Full handshake | 2 round trips | 1 round trip |
| Key exchange | RSA or (EC)DHE | (EC)DHE only, always forward secret |
| Cipher suites | dozens, some weak | five, all AEAD |
| Resumption | session IDs and tickets | PSK, optional 0-RTT |
`),
  points: [
    'Serve the full chain, minus the root.',
    'Automate renewal and monitor the certificate that is actually served.',
    'Use 0-RTT only for idempotent requests.',
    'Roll out HSTS with a short max-age first.',
  ],
  links: [
    ['RFC 8446: TLS 1.3', 'https://www.rfc-editor.org/rfc/rfc8446'],
    ["Let's Encrypt documentation", 'https://letsencrypt.org/docs/'],
  ],
};

const dns: Topic = {
  id: 'dns',
  category: 'Networking',
  lang: 'ko',
  tags: ['dns', 'infrastructure'],
  posts: [
    [
      'DNS 조회는 어떻게 동작하나',
      '브라우저에 도메인을 입력하면 재귀 리졸버가 루트 서버, TLD 서버, 권한 있는 네임서버를 ' +
        '차례로 거쳐 IP 주소를 얻어 옵니다. 대부분은 중간의 캐시 덕분에 훨씬 빨리 끝납니다.',
      'how-dns-resolution-works',
    ],
    [
      'TTL을 낮췄는데 왜 아직도 옛날 IP로 가나',
      'DNS 레코드를 바꾸기 직전에 TTL을 낮추면 이미 늦습니다. ' +
        '리졸버들은 이전 TTL이 끝날 때까지 예전 값을 캐시하고 있기 때문입니다.',
      'dns-ttl-and-stale-records',
    ],
    [
      'CNAME, ALIAS and the Apex Domain',
      '`example.com` 같은 apex 도메인에는 CNAME을 둘 수 없습니다. 그래서 많은 DNS 업체가 ' +
        'ALIAS나 CNAME flattening 같은 비표준 기능을 제공합니다.',
    ],
    [
      'Debugging DNS with dig',
      'DNS 문제가 의심될 때 가장 먼저 여는 도구는 `dig`입니다. ' +
        '어떤 서버에 물어볼지 직접 지정할 수 있다는 점이 핵심입니다.',
      'debugging-dns-with-dig',
    ],
    [
      'DNS over HTTPS and Privacy',
      'Classic DNS queries travel in plain text, so anyone on the path can see which sites ' +
        'you look up; DNS over HTTPS and DNS over TLS encrypt the hop to the resolver.',
    ],
  ],
  sections: [
    [
      '재귀와 반복',
      '클라이언트의 스텁 리졸버는 보통 ISP나 공용 DNS(`1.1.1.1`, `8.8.8.8` 등) 같은 재귀 ' +
        '리졸버에게 질의를 맡깁니다. 재귀 리졸버는 루트 서버에서 시작해 `.com` 서버, 그다음 ' +
        '도메인의 권한 있는 네임서버 순으로 반복 질의하고, 받은 응답을 TTL 동안 캐시합니다.',
    ],
    [
      'TTL 계획',
      '레코드를 옮길 계획이 있다면 적어도 기존 TTL만큼 미리 TTL을 낮춰 둡니다. TTL이 ' +
        '86400(하루)이라면 변경 하루 전에 300으로 낮추고, 변경이 안정된 뒤 다시 올립니다. ' +
        '~~TTL을 0으로 두면 항상 최신이다~~ 일부 리졸버는 아주 짧은 TTL을 무시하고 자체 ' +
        '최솟값을 적용합니다.',
    ],
    [
      'apex 도메인의 제약',
      'DNS 규칙상 CNAME은 같은 이름의 다른 레코드와 함께 있을 수 없는데, apex에는 SOA와 NS ' +
        '레코드가 반드시 있어야 합니다. 그래서 apex에는 A/AAAA 레코드를 직접 두거나, DNS ' +
        '업체의 ALIAS 기능으로 대상의 IP를 대신 조회해 응답하게 합니다.',
    ],
    [
      'dig 사용법',
      '`dig example.com A`는 기본 리졸버에 묻고, `dig @1.1.1.1 example.com`은 특정 ' +
        '리졸버에 묻습니다. `+trace`를 붙이면 루트부터 직접 따라가므로 캐시의 영향을 받지 ' +
        '않습니다. 응답에 보이는 숫자는 남은 TTL이고, 권한 있는 서버의 답인지는 `aa` ' +
        '플래그로 확인합니다.',
    ],
  ],
  code: [
    code(
      'bash',
      `
# 기본 리졸버에게 A 레코드 질의
dig +short example.com A

# 공용 리졸버의 캐시와 권한 있는 네임서버의 답 비교
dig @1.1.1.1 blog.example.com CNAME
dig @ns1.example.com blog.example.com CNAME +norecurse

# 루트부터 위임 경로 따라가기
dig +trace blog.example.com

# 메일 관련 레코드
dig +short example.com MX
dig +short example.com TXT | grep spf
`,
    ),
  ],
  table: table(`
| 레코드 | 용도 |
|---|---|
| \`A\`, \`AAAA\` | 이름을 IPv4, IPv6 주소로 변환 |
| \`CNAME\` | 다른 이름의 별칭 (apex에는 불가) |
| \`MX\` | 메일 서버 |
| \`TXT\` | SPF, 도메인 소유 확인 등 |
| \`NS\` | 위임할 네임서버 |
| \`CAA\` | 인증서를 발급할 수 있는 CA 제한 |
`),
  points: [
    '레코드를 바꾸기 전에 TTL을 미리 낮춘다.',
    'apex에는 CNAME 대신 A/AAAA 레코드나 ALIAS를 쓴다.',
    '문제가 생기면 캐시를 건너뛰는 `dig +trace`로 확인한다.',
  ],
  links: [
    ['RFC 1034: Domain Names - Concepts and Facilities', 'https://www.rfc-editor.org/rfc/rfc1034'],
    ['Cloudflare Learning: What is DNS?', 'https://www.cloudflare.com/learning/dns/what-is-dns/'],
  ],
};

export const NETWORKING_TRANSPORT: Topic[] = [tcp, tls, dns];
