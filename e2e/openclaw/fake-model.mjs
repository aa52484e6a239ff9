// A scripted OpenAI-compatible chat-completions server on 127.0.0.1: each request gets the
// next scripted reply (a tool call or text) and is recorded for the assertions.
import { createServer } from 'node:http';

function chunk(id, model, delta, finish) {
  const body = {
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  if (finish) body.usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
  return `data: ${JSON.stringify(body)}\n\n`;
}

export async function startFakeModel() {
  let script = [];
  const requests = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      if (!req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{}');
        return;
      }
      const body = JSON.parse(raw);
      requests.push(body);
      const step = script[requests.length - 1] ?? { text: 'Nothing more to do.' };
      const id = `call_${requests.length}`;
      const delta = step.tool
        ? {
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id,
                type: 'function',
                function: { name: step.tool, arguments: JSON.stringify(step.args) },
              },
            ],
          }
        : { role: 'assistant', content: step.text };
      const finish = step.tool ? 'tool_calls' : 'stop';
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(chunk(id, body.model, delta, null));
        res.write(chunk(id, body.model, {}, finish));
        res.end('data: [DONE]\n\n');
        return;
      }
      const message = step.tool
        ? {
            role: 'assistant',
            content: null,
            tool_calls: delta.tool_calls.map(({ index, ...c }) => c),
          }
        : { role: 'assistant', content: step.text };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created: 0,
          model: body.model,
          choices: [{ index: 0, message, finish_reason: finish }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    requests,
    script(steps) {
      script = steps;
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
