import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@furniture-mart/shared';
import { mergeMessages } from './api';
import { dayLabel, newestFromOther, threadRows, unreadFirst } from './thread';

const ME = '00000000-0000-4000-8000-000000000001';
const THEM = '00000000-0000-4000-8000-000000000002';

function message(id: string, createdAt: string, senderId = THEM, extra: Partial<Message> = {}): Message {
  return {
    id,
    conversationId: '00000000-0000-4000-8000-0000000000c0',
    senderId,
    body: `message ${id}`,
    photos: [],
    createdAt,
    masked: false,
    removed: false,
    ...extra,
  };
}

// Local times, so the days are the reader's days whatever zone the test runs in.
const now = new Date(2026, 10, 28, 15, 0);
const at = (day: number, hour: number) => new Date(2026, 10, day, hour, 5).toISOString();

describe('threadRows', () => {
  it('puts a separator before the first message of each day, and only there', () => {
    const rows = threadRows(
      [message('a', at(20, 9)), message('b', at(20, 23)), message('c', at(27, 8)), message('d', at(28, 1))],
      now,
    );
    expect(rows.map((row) => (row.kind === 'day' ? `[${row.label}]` : row.message.id))).toEqual([
      '[Fri, November 20]',
      'a',
      'b',
      '[Yesterday]',
      'c',
      '[Today]',
      'd',
    ]);
  });

  it('names the year of a day in another year', () => {
    expect(dayLabel(new Date(2025, 0, 3, 12).toISOString(), now)).toBe('Fri, January 3, 2025');
  });

  it('shows nothing for no messages', () => {
    expect(threadRows([], now)).toEqual([]);
  });
});

describe('newestFromOther', () => {
  it("is the other person's newest message, past the reader's own", () => {
    const messages = [message('a', at(28, 9)), message('b', at(28, 10)), message('c', at(28, 11), ME)];
    expect(newestFromOther(messages, ME)?.id).toBe('b');
    expect(newestFromOther([message('c', at(28, 11), ME)], ME)).toBeNull();
  });
});

describe('mergeMessages', () => {
  it('adds new messages after the held ones, each once, and replaces one seen again', () => {
    const held = [message('a', at(28, 9)), message('b', at(28, 10))];
    const removed = message('a', at(28, 9), THEM, { body: '', removed: true });
    const merged = mergeMessages(held, [message('b', at(28, 10)), removed, message('c', at(28, 11))]);
    expect(merged.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(merged[0]!.removed).toBe(true);
  });
});

describe('unreadFirst', () => {
  it('moves unread conversations up and keeps the newest-first order within each group', () => {
    const conversation = (id: string, unread: number) => ({ id, unread }) as Conversation;
    const ordered = unreadFirst([
      conversation('read-new', 0),
      conversation('unread-new', 2),
      conversation('read-old', 0),
      conversation('unread-old', 1),
    ]);
    expect(ordered.map((item) => item.id)).toEqual(['unread-new', 'unread-old', 'read-new', 'read-old']);
  });
});
