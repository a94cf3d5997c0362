import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerSerializerCompiler } from './serializer.js';

let reads = 0;
/** Counts how often the answer is checked: the schema reads `name` each time. */
const frozenAnswer = Object.freeze({
  get name() {
    reads += 1;
    return 'Oak table';
  },
  email: 'seller@example.test',
});

const app = Fastify().withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  const response = { 200: z.object({ name: z.string() }) };
  app.get('/frozen', { schema: { response } }, async () => frozenAnswer);
  app.get('/fresh', { schema: { response } }, async () => ({ name: `Chair ${reads}`, email: 'a@b.test' }));
  await app.ready();
});
afterAll(() => app.close());

describe('answers written from the response schema', () => {
  it('writes a frozen answer once for every request that sends it, without the fields the schema leaves out', async () => {
    reads = 0;
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/frozen' });
      expect(res.json()).toEqual({ name: 'Oak table' });
    }
    expect(reads).toBe(1);
  });

  it('writes any other answer every time', async () => {
    reads = 5;
    expect((await app.inject({ method: 'GET', url: '/fresh' })).json()).toEqual({ name: 'Chair 5' });
    reads = 6;
    expect((await app.inject({ method: 'GET', url: '/fresh' })).json()).toEqual({ name: 'Chair 6' });
  });
});
