// Test fixtures: time zones whose rules are unlike each other — offsets of half and three
// quarters of an hour, summer time north and south, zones Luxon names itself.

export const TIME_ZONES: readonly string[] = [
  'UTC',
  'Etc/UTC',
  'Asia/Seoul',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'America/St_Johns',
  'America/New_York',
  'Europe/Berlin',
  'Europe/London',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Africa/Casablanca',
  'America/Sao_Paulo',
];
