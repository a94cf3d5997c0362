import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@furniture-mart/shared';
import { Composer } from './Composer';

const CONVERSATION = '00000000-0000-4000-8000-0000000000c0';

function sent(body: string, masked = false): Message {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    conversationId: CONVERSATION,
    senderId: '00000000-0000-4000-8000-000000000002',
    body,
    photos: [],
    createdAt: new Date().toISOString(),
    masked,
    removed: false,
  };
}

describe('Composer', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn(async (_path: string, init: RequestInit) => {
      const { body } = JSON.parse(String(init.body)) as { body: string };
      return new Response(JSON.stringify(sent(body)), { status: 201 });
    });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  function renderComposer(onSent = vi.fn()) {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Composer conversationId={CONVERSATION} onSent={onSent} />
      </QueryClientProvider>,
    );
    return { box: screen.getByRole('textbox', { name: 'Your message' }), onSent };
  }

  it('sends with Enter and starts a new line with Shift+Enter', async () => {
    const { box, onSent } = renderComposer();
    await userEvent.type(box, 'Yes, it is.{Shift>}{Enter}{/Shift}Come on Saturday.');
    expect(box).toHaveValue('Yes, it is.\nCome on Saturday.');
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(path).toBe(`/api/conversations/${CONVERSATION}/messages`);
    expect(JSON.parse(String(init.body))).toEqual({ body: 'Yes, it is.\nCome on Saturday.' });
    expect(box).toHaveValue('');
  });

  it('leaves Enter to an input method still composing a word', async () => {
    const { box, onSent } = renderComposer();
    fireEvent.change(box, { target: { value: 'আছে' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    fireEvent.change(box, { target: { value: 'আছে তো?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ body: 'আছে তো?' });
  });

  it('asks for words before sending nothing', async () => {
    const { box } = renderComposer();
    await userEvent.type(box, '   {Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a message first.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and keeps what was written", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          error: { code: 'BLOCKED', message: 'This person does not accept messages from you.' },
        }),
        { status: 403 },
      ),
    );
    const { box } = renderComposer();
    await userEvent.type(box, 'Hello{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This person does not accept messages from you.',
    );
    expect(box).toHaveValue('Hello');
  });
});
