/**
 * `npm run user:password -- <email>`: sets an account's password from the server's shell (sign-up's
 * rules, Better Auth's hasher) and signs that account out everywhere. The password is asked for twice
 * without being shown, or read from the first line of standard input when it is not a terminal
 * (`printf '%s\n' "$PASSWORD" | npm run user:password -- someone@example.com`), so it never appears in
 * the shell's history or the process list.
 */
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { withApp } from './context.js';
import { setUserPassword } from '../modules/accounts/user-password.js';

const [email] = process.argv.slice(2);
if (!email) {
  console.error('Usage: npm run user:password -- <email>   (the password is asked for, or read from stdin)');
  process.exit(2);
}

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  try {
    const answer = prompt.question(question);
    muted = true;
    return await answer;
  } finally {
    prompt.close();
    process.stdout.write('\n');
  }
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const password = await askHidden('New password: ');
  if ((await askHidden('Once more: ')) !== password) {
    console.error('The two passwords differ; nothing was changed.');
    process.exit(1);
  }
  return password;
}

const password = await readPassword();
await withApp(async (app) => {
  const result = await setUserPassword(app, email, password);
  if (!result.ok) {
    console.error(result.problem);
    process.exitCode = 1;
    return;
  }
  console.log(`The password of ${email} is set; its sessions were signed out.`);
});
