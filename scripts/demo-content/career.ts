// Demo posts about working as a developer: reviews, retrospectives, learning and writing.
import { code, type Topic } from './types.js';

const codeReview: Topic = {
  id: 'code-review',
  category: 'Career',
  lang: 'en',
  tags: ['code-review', 'teamwork'],
  posts: [
    [
      'How I Review Pull Requests',
      'I review a pull request in three passes: first the description and the shape of the ' +
        'change, then the tests, and only then the code line by line.',
    ],
    [
      'Writing Pull Requests People Want to Review',
      'A pull request is a letter to a busy colleague; the smaller and clearer it is, the ' +
        'sooner and the better it gets reviewed.',
    ],
    [
      '코드 리뷰에서 말하는 법',
      'Review comments are read without a tone of voice, so words that sound helpful in ' +
        'person can read like a verdict in a pull request.',
      'tone-in-code-review-comments',
    ],
    [
      'Stacked Pull Requests for Big Changes',
      'When a change is too big for one reviewable pull request, a stack of small dependent ' +
        'ones keeps reviews fast without blocking the author.',
    ],
    [
      'コードレビューで見るべきもの、見なくていいもの',
      'フォーマットや import の順番をレビューで指摘するのは時間の無駄です。' +
        '機械にできることは機械に任せて、人間は設計と意図に集中します。',
      'what-to-look-for-in-code-review',
    ],
  ],
  sections: [
    [
      'What I look for',
      'In order: does the change do what the description says; is this the right place and ' +
        'approach; are the tests meaningful, and do they fail without the change; are errors, ' +
        'edge cases and concurrency handled; will the next person understand it. Naming and ' +
        'style come last, and only when a linter cannot catch them.',
    ],
    [
      'Small and focused',
      'Reviews of a few hundred changed lines find real problems; reviews of a few thousand ' +
        'get a quick *LGTM*. Separate refactoring from behaviour changes, move files in their ' +
        'own pull request, and explain *why* in the description. ~~Put everything in one big ' +
        'PR so reviewers see the full picture.~~ A short design note shows the picture better.',
    ],
    [
      'Tone',
      'Ask questions instead of giving orders ("What happens if `items` is empty?"), label ' +
        'optional suggestions with `nit:` so the author can skip them, and say when something ' +
        'is good. Comment on the code, never on the person. If a thread goes back and forth ' +
        'more than twice, switch to a call.',
    ],
    [
      'Automate the boring parts',
      'Formatting, import order, lint rules and type errors belong in CI and pre-commit ' +
        'hooks, so that reviews never spend a comment on them. A code owners file routes each ' +
        'review to the right people, and one required approval from them is usually enough.',
    ],
  ],
  code: [
    code(
      'bash',
      `
# each branch builds on the previous one
git switch -c feat/parser main
git switch -c feat/parser-errors feat/parser
git switch -c feat/parser-cli feat/parser-errors

# after the first PR is merged, move the rest of the stack onto main in one go
git rebase --update-refs --onto main feat/parser feat/parser-cli
`,
    ),
  ],
  points: [
    'Read the description and the tests before the code.',
    'Keep pull requests small and single-purpose.',
    'Prefix optional comments with `nit:`.',
    'Let tools handle style.',
  ],
  links: [
    ['Google Engineering Practices: Code Review', 'https://google.github.io/eng-practices/review/'],
    ['Conventional Comments', 'https://conventionalcomments.org/'],
  ],
};

const retrospectives: Topic = {
  id: 'retrospectives',
  category: 'Career',
  lang: 'ko',
  tags: ['회고', 'productivity'],
  posts: [
    [
      '백엔드에서 플랫폼 팀으로 옮긴 1년',
      '5년 동안 해 온 백엔드 개발을 잠시 내려놓고 플랫폼 팀으로 옮긴 지 1년이 되었습니다. ' +
        '무엇을 배웠고 무엇이 어려웠는지 정리해 둡니다.',
      'a-year-on-the-platform-team',
    ],
    [
      '주니어 개발자 시절의 나에게',
      '처음 개발자로 일하던 때로 돌아간다면 해 주고 싶은 이야기들을 적어 봤습니다. ' +
        '대부분은 기술보다 일하는 방식에 관한 것입니다.',
      'letter-to-my-junior-self',
    ],
    [
      'How to Actually Finish Side Projects',
      '시작한 사이드 프로젝트보다 끝낸 사이드 프로젝트가 훨씬 적습니다. ' +
        '범위를 줄이고 먼저 공개하는 것이 가장 효과가 있었습니다.',
      'finishing-side-projects',
    ],
    [
      '번아웃에서 회복하며 배운 것',
      '번아웃은 어느 날 갑자기 오지 않았습니다. 돌아보면 신호는 몇 달 전부터 있었고, ' +
        '저는 그것을 계속 무시하고 있었습니다.',
      'recovering-from-burnout',
    ],
    [
      '팀 회고를 의미 있게 만드는 방법',
      '매번 같은 이야기가 나오고 아무것도 바뀌지 않는 회고라면, ' +
        '형식보다 후속 조치를 다루는 방식을 먼저 바꿔야 합니다.',
      'better-team-retrospectives',
    ],
    [
      'Why I Keep a Work Journal',
      'A few lines at the end of each day about what I did and what I learned have paid off ' +
        'in every performance review, every retrospective and every blog post since.',
    ],
  ],
  sections: [
    [
      '잘한 것과 아쉬운 것',
      '회고를 쓸 때는 "잘한 것, 아쉬운 것, 다음에 해 볼 것" 세 칸으로 나눕니다. 아쉬운 것만 ' +
        '적으면 자책으로 끝나고, 잘한 것만 적으면 자랑으로 끝납니다. 다음에 해 볼 것은 ' +
        '구체적인 행동이어야 합니다. "더 열심히 하기"는 행동이 아닙니다.',
    ],
    [
      '기록의 힘',
      '매일 퇴근 전에 5분 동안 한 일과 배운 것을 적습니다. 처음에는 귀찮았지만, 반년이 ' +
        '지나자 평가 시즌에 성과를 정리하는 시간이 하루에서 한 시간으로 줄었습니다. ' +
        '무엇보다 블로그 글감의 대부분이 이 기록에서 나옵니다.',
    ],
    [
      '작게 시작해서 공개하기',
      '사이드 프로젝트가 멈춘 이유는 대부분 범위가 너무 컸기 때문이었습니다. 이제는 한 ' +
        '주말 안에 공개할 수 있는 크기로 자르고, 부족하더라도 먼저 배포합니다. ' +
        '~~완벽하게 만든 다음 공개하자~~ 공개한 뒤에 받는 피드백이 다음 단계를 정해 줍니다.',
    ],
    [
      '지속 가능한 속도',
      '야근으로 일정을 맞춘 경험은 다음 일정도 야근을 전제로 짜이게 만듭니다. 잠, 운동, ' +
        '일과 무관한 취미를 "시간이 나면"이 아니라 먼저 달력에 넣어 두는 것이 번아웃 이후 ' +
        '가장 크게 바꾼 습관입니다.',
    ],
    [
      '팀 회고의 후속 조치',
      '회고에서 나온 개선 사항은 담당자와 기한을 정해 다음 스프린트의 작업으로 올립니다. ' +
        '다음 회고는 지난번 조치가 어떻게 되었는지 확인하는 것으로 시작합니다. ' +
        '조치가 없는 회고는 불평하는 시간이 되기 쉽습니다.',
    ],
  ],
  code: [],
  steps: [
    '지난 회고의 후속 조치를 확인한다.',
    '기간 동안의 타임라인을 함께 되짚는다.',
    '잘한 것, 아쉬운 것, 해 볼 것을 각자 적는다.',
    '비슷한 의견을 묶고 투표한다.',
    '상위 한두 개에 담당자와 기한을 정한다.',
  ],
  links: [
    [
      'Atlassian Team Playbook: Retrospective',
      'https://www.atlassian.com/team-playbook/plays/retrospective',
    ],
  ],
};

const learning: Topic = {
  id: 'learning',
  category: 'Career',
  lang: 'ja',
  tags: ['learning', 'books'],
  posts: [
    [
      '技術書を読み切るためのコツ',
      '技術書は最初から順番に読む必要はありません。目次を眺めて、今の課題に関係する章から' +
        '読むほうが、結果的に多くの本を読み切れます。',
      'finishing-technical-books',
    ],
    [
      'Reading Notes: Designing Data-Intensive Applications',
      '分散システムの本を一冊だけ選ぶならこの本です。レプリケーション、パーティショニング、' +
        'トランザクションの章は何度も読み返しています。',
    ],
    [
      'How I Learn a New Programming Language',
      '新しい言語を学ぶときは、チュートリアルを終えたらすぐに、以前ほかの言語で書いた' +
        '小さなツールを書き直すことにしています。',
      'learning-a-new-programming-language',
    ],
    [
      '英語の技術ドキュメントを速く読む',
      '英語のドキュメントを全部訳しながら読むと疲れてしまいます。' +
        '見出しとコード例を先に追い、必要な段落だけを精読するようにしています。',
      'reading-english-docs-faster',
    ],
    [
      'Learning in Public',
      'Writing about what I learn while I am still learning it has been the best habit of my ' +
        'career, because explaining things exposes what I do not understand yet.',
    ],
  ],
  sections: [
    [
      '目的を持って読む',
      '本を開く前に「この本で何を知りたいのか」を一行で書いておきます。目的があると、' +
        '関係のない章を飛ばす罪悪感がなくなります。読み終えたら学んだことを三つだけ書き出し、' +
        'そのうち一つを実際の仕事で試します。',
    ],
    [
      '手を動かす',
      '読むだけの知識はすぐに抜けていきます。サンプルコードはそのまま写すのではなく、' +
        '少し条件を変えて動かしてみると理解が深まります。~~一冊を完璧に理解してから次へ~~ ' +
        '七割わかったら先に進み、必要になったときに戻るほうが効率的でした。',
    ],
    [
      'アウトプットする',
      '学んだことをブログや社内の勉強会で説明しようとすると、自分が理解していない部分が' +
        'はっきりします。誰かに読まれることを前提に書くので、' +
        '調べ直す習慣も自然につきました。',
    ],
    [
      '英語との付き合い方',
      '公式ドキュメントやリリースノートは、翻訳を待つより原文を読むほうが早く正確です。' +
        '知らない単語はその場で調べすぎず、文脈から推測して読み進めます。' +
        'よく出てくる用語は自分用の単語帳にまとめています。',
    ],
  ],
  code: [],
  points: [
    '読む前に目的を一行で書く。',
    'サンプルコードは条件を変えて動かす。',
    '学んだことを人に説明する。',
    '七割わかったら先に進む。',
  ],
  links: [
    ['Designing Data-Intensive Applications', 'https://dataintensive.net/'],
    ['swyx: Learn In Public', 'https://www.swyx.io/learn-in-public'],
  ],
};

const writing: Topic = {
  id: 'writing',
  category: 'Career',
  lang: 'en',
  tags: ['writing', 'documentation'],
  posts: [
    [
      'Design Docs That Get Read',
      'A design doc is not a specification to be archived; it is a tool for getting feedback ' +
        'before the expensive part starts, and it should be short enough to read in one sitting.',
    ],
    [
      'Architecture Decision Records in Practice',
      'Six months after a decision nobody remembers why it was made; a one-page architecture ' +
        'decision record written at the time answers that question for good.',
    ],
    [
      'How to Write a Good README',
      'README 是项目的门面。一个好的 README 应该在一分钟内告诉读者：' +
        '这是什么、为什么要用、怎么开始。',
      'writing-a-good-readme',
    ],
    [
      'Onboarding Docs for New Engineers',
      "The best time to fix onboarding docs is during someone's first week, when every " +
        'missing step is still painful and visible.',
    ],
    [
      '技术面试准备笔记',
      '技术面试考察的不只是算法，更是沟通：把思路说出来，先给出可行的解法，再讨论优化。',
      'tech-interview-notes',
    ],
  ],
  sections: [
    [
      'Context before solution',
      'Open with the problem and the constraints, then the proposed solution, then the ' +
        'alternatives you rejected and why. Reviewers can only judge a design if they know ' +
        'what it is supposed to achieve, and a section on *non-goals* prevents half of the ' +
        'scope discussions.',
    ],
    [
      'Decisions, recorded',
      'An ADR has a title, the context, the decision and its consequences, and it is never ' +
        'edited afterwards: a later decision supersedes it with a new record. Keep them in the ' +
        'repository next to the code, numbered, so that history and review apply to them too.',
    ],
    [
      'Docs as onboarding tests',
      'Ask each new engineer to follow the setup guide literally and fix whatever is wrong or ' +
        'missing as their first pull request. The guide stays current, and the new person ' +
        'ships something on day one. ~~Write the docs once the system is stable.~~ The system ' +
        'is never stable; write the docs as you go.',
    ],
    [
      'Thinking out loud',
      'In an interview, restate the problem in your own words, ask about input sizes and edge ' +
        'cases, and describe a simple working approach before optimising. Interviewers can ' +
        'only help if they can follow your reasoning, and a correct brute-force solution beats ' +
        'an unfinished clever one.',
    ],
  ],
  code: [
    code(
      'markdown',
      `
# 7. Use PostgreSQL for the job queue

Status: Accepted

## Context
We run about 2,000 background jobs per hour and already operate PostgreSQL.

## Decision
Store jobs in a table and claim them with \`SELECT ... FOR UPDATE SKIP LOCKED\`.

## Consequences
No new infrastructure to run. If throughput grows fiftyfold, revisit this decision.
`,
    ),
  ],
  points: [
    'Start with the problem, not the solution.',
    'List non-goals explicitly.',
    'Record decisions when they are made.',
    'Let new hires fix the onboarding guide.',
  ],
  links: [
    [
      'Michael Nygard: Documenting Architecture Decisions',
      'https://cognitect.com/blog/2011/11/15/documenting-architecture-decisions',
    ],
    ['Google Technical Writing courses', 'https://developers.google.com/tech-writing'],
  ],
};

export const CAREER: Topic[] = [codeReview, retrospectives, learning, writing];
