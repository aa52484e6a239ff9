// One scripted model server on 127.0.0.1 that speaks the wire APIs the coding agents use:
// Anthropic Messages (Claude Code, Copilot CLI's Anthropic provider), OpenAI Responses (Codex
// CLI), OpenAI Chat Completions (Cline CLI's OpenAI-compatible provider) and Gemini
// generateContent (Gemini CLI). The script is a list of abstract steps; the step a request gets is the number of
// model turns already in its history, so the server keeps no per-conversation state and a
// host's retries (a blocked stop adds a turn) advance the script. Side requests (titles,
// next-speaker checks) get a short text. Every main request is kept for the assertions, and
// every request body of any kind for the check that no local path reaches the model.
import { createServer } from 'node:http';

/**
 * Steps: { shell: 'cmd' } | { read: path } | { write: { path, content } } | { text: '...' }. A
 * read goes through the host's file-read tool, or `cat` where the host has none (Codex).
 * The tool names and argument shapes come from the tools the request declares.
 */
export async function startFakeModels() {
  let script = [{ text: 'Done.' }];
  /** @type {{ api: string, at: number, step: number, body: unknown }[]} */
  const requests = [];
  /** When each scripted reply was sent, for the latency figures. */
  const replies = [];
  /** What each reply asked the host to do: shell, read, write or text (the latency table). */
  const kinds = [];
  /** Every request body, side requests included (what reached the model). */
  const all = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      let body = {};
      try {
        body = raw === '' ? {} : JSON.parse(raw);
      } catch {
        body = {};
      }
      const url = req.url ?? '';
      all.push({ url, body });
      if (process.env.FAKE_MODELS_DEBUG)
        console.error('[fake]', req.method, url, raw.slice(0, 200));
      try {
        if (url.includes('/messages') && req.method === 'POST') return anthropic(body, res);
        if (url.includes('/responses') && req.method === 'POST') return responses(body, res);
        if (url.includes('/chat/completions') && req.method === 'POST') return chat(body, res);
        if (/:(stream)?[gG]enerateContent/.test(url)) return gemini(body, url, res);
        if (url.includes(':countTokens')) return json(res, { totalTokens: 10 });
        if (url.includes('/models')) return json(res, { data: [], models: [] });
        json(res, {}, 404);
      } catch (error) {
        json(res, { error: { message: String(error) } }, 500);
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());

  function stepAt(index) {
    return script[Math.min(index, script.length - 1)];
  }
  function sent(step) {
    replies.push(performance.now());
    kinds.push(
      step.readTool !== undefined || step.read !== undefined
        ? step.readTool === undefined
          ? 'shell'
          : 'read'
        : step.shell !== undefined
          ? 'shell'
          : step.write !== undefined
            ? 'write'
            : 'text',
    );
  }
  function record(api, step, body) {
    requests.push({ api, at: performance.now(), step, body });
  }

  // --- Anthropic Messages (SSE) ---------------------------------------------------------------
  function anthropic(body, res) {
    const tools = Array.isArray(body.tools) ? body.tools : [];
    const names = tools.map((t) => t.name);
    // Claude Code's tools, or Copilot CLI's (its Anthropic provider).
    const shellTool = ['Bash', 'bash', 'run_commands'].find((n) => names.includes(n));
    const main = shellTool !== undefined;
    const index = main ? (body.messages ?? []).filter((m) => m.role === 'assistant').length : -1;
    const step = withRead(main ? stepAt(index) : { text: 'ok' }, tools, 'input_schema');
    if (main) record('anthropic', index, body);
    let block;
    if (step.readTool !== undefined)
      block = { type: 'tool_use', name: step.readTool.name, input: step.readTool.arguments };
    else if (step.shell !== undefined)
      block = {
        type: 'tool_use',
        name: shellTool,
        input:
          shellTool === 'bash'
            ? { command: step.shell, description: 'Run a command' }
            : shellTool === 'run_commands'
              ? { commands: [step.shell] }
              : { command: step.shell },
      };
    else if (step.write !== undefined)
      block = names.includes('Write')
        ? {
            type: 'tool_use',
            name: 'Write',
            input: { file_path: step.write.path, content: step.write.content },
          }
        : {
            type: 'tool_use',
            name: 'create',
            input: { path: step.write.path, file_text: step.write.content },
          };
    else block = { type: 'text', text: step.text };
    const id = `msg_${requests.length}_${Date.now()}`;
    const stop = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
    const usage = { input_tokens: 10, output_tokens: 5 };
    if (body.stream !== true) {
      const content =
        block.type === 'tool_use'
          ? [{ ...block, id: `toolu_${id}` }]
          : [{ type: 'text', text: block.text }];
      if (main) sent(step);
      return json(res, {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content,
        stop_reason: stop,
        stop_sequence: null,
        usage,
      });
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (type, data) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    send('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    });
    if (block.type === 'tool_use') {
      send('content_block_start', {
        index: 0,
        content_block: { type: 'tool_use', id: `toolu_${id}`, name: block.name, input: {} },
      });
      send('content_block_delta', {
        index: 0,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
      });
    } else {
      send('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
      send('content_block_delta', { index: 0, delta: { type: 'text_delta', text: block.text } });
    }
    send('content_block_stop', { index: 0 });
    send('message_delta', {
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: 5 },
    });
    send('message_stop', {});
    if (main) sent(step);
    res.end();
  }

  // --- OpenAI Responses (SSE) -----------------------------------------------------------------
  function responses(body, res) {
    const input = Array.isArray(body.input) ? body.input : [];
    const tools = Array.isArray(body.tools) ? body.tools : [];
    const turns = input.filter(
      (i) =>
        ['function_call', 'custom_tool_call', 'local_shell_call'].includes(i.type) ||
        (i.type === 'message' && i.role === 'assistant'),
    ).length;
    const main = tools.length > 0;
    const step = withRead(main ? stepAt(turns) : { text: 'ok' }, tools, 'parameters');
    if (main) record('responses', turns, body);
    const id = `resp_${requests.length}_${Date.now()}`;
    const names = tools.map((t) => t.name ?? t.type);
    let item;
    if (step.readTool !== undefined)
      item = {
        type: 'function_call',
        id: `fc_${id}`,
        call_id: `call_${id}`,
        name: step.readTool.name,
        arguments: JSON.stringify(step.readTool.arguments),
        status: 'completed',
      };
    else if (step.shell !== undefined) item = codexShell(names, step.shell, id);
    else if (step.write !== undefined) item = codexWrite(step.write, id);
    else
      item = {
        type: 'message',
        id: `msg_${id}`,
        role: 'assistant',
        status: 'completed',
        content: [{ type: 'output_text', text: step.text, annotations: [] }],
      };
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (type, data) =>
      res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    const response = {
      id,
      object: 'response',
      status: 'in_progress',
      model: body.model,
      output: [],
    };
    send('response.created', { response });
    send('response.output_item.added', { output_index: 0, item });
    send('response.output_item.done', { output_index: 0, item });
    send('response.completed', {
      response: {
        ...response,
        status: 'completed',
        output: [item],
        usage: {
          input_tokens: 10,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 5,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 15,
        },
      },
    });
    if (main) sent(step);
    res.end();
  }

  // --- OpenAI Chat Completions (SSE or JSON) --------------------------------------------------
  function chat(body, res) {
    const tools = Array.isArray(body.tools) ? body.tools : [];
    const declared = tools.map((t) => t.function ?? t);
    const names = declared.map((d) => d.name);
    const shellTool = ['run_commands', 'execute_command', 'bash', 'Bash'].find((n) =>
      names.includes(n),
    );
    const main = shellTool !== undefined;
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const turns = messages.filter((m) => m.role === 'assistant').length;
    const step = withRead(main ? stepAt(turns) : { text: 'ok' }, declared, 'parameters');
    if (main) record('chat', turns, body);
    const id = `chatcmpl_${requests.length}_${Date.now()}`;
    let call;
    if (step.readTool !== undefined) call = step.readTool;
    else if (step.shell !== undefined)
      call = {
        name: shellTool,
        arguments:
          shellTool === 'run_commands' ? { commands: [step.shell] } : { command: step.shell },
      };
    else if (step.write !== undefined) call = chatWrite(names, declared, step.write);
    const message =
      call === undefined
        ? { role: 'assistant', content: step.text }
        : {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                index: 0,
                id: `call_${id}`,
                type: 'function',
                function: { name: call.name, arguments: JSON.stringify(call.arguments) },
              },
            ],
          };
    const finish = call === undefined ? 'stop' : 'tool_calls';
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    if (main) sent(step);
    const base = { id, object: 'chat.completion.chunk', created: 0, model: body.model };
    if (body.stream !== true)
      return json(res, {
        ...base,
        object: 'chat.completion',
        choices: [{ index: 0, message, finish_reason: finish }],
        usage,
      });
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const send = (doc) => res.write(`data: ${JSON.stringify(doc)}\n\n`);
    send({ ...base, choices: [{ index: 0, delta: message, finish_reason: null }] });
    send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
    send({ ...base, choices: [], usage });
    res.end('data: [DONE]\n\n');
  }

  // --- Gemini generateContent / streamGenerateContent -----------------------------------------
  function gemini(body, url, res) {
    const declared = (body.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
    const names = declared.map((d) => d.name);
    const main = names.includes('run_shell_command');
    const contents = Array.isArray(body.contents) ? body.contents : [];
    const turns = contents.filter((c) => c.role === 'model').length;
    const wantsJson = body.generationConfig?.responseMimeType === 'application/json';
    let part;
    let step;
    if (!main) {
      part = {
        text: wantsJson
          ? JSON.stringify({ next_speaker: 'user', reasoning: 'done', model_choice: 'flash' })
          : 'ok',
      };
    } else {
      step = withRead(stepAt(turns), declared, 'parametersJsonSchema', 'parameters');
      record('gemini', turns, body);
      if (step.readTool !== undefined)
        part = { functionCall: { name: step.readTool.name, args: step.readTool.arguments } };
      else if (step.shell !== undefined)
        part = { functionCall: { name: 'run_shell_command', args: { command: step.shell } } };
      else if (step.write !== undefined)
        part = {
          functionCall: {
            name: 'write_file',
            args: { file_path: step.write.path, content: step.write.content },
          },
        };
      else part = { text: step.text };
    }
    const doc = {
      candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'gemini-2.5-pro',
    };
    if (main) sent(step);
    if (url.includes('streamGenerateContent')) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(`data: ${JSON.stringify(doc)}\n\n`);
      return;
    }
    json(res, doc);
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    /** Sets the steps for the next run and forgets the recorded requests. */
    setScript(steps) {
      script = steps;
      requests.length = 0;
      replies.length = 0;
      kinds.length = 0;
      all.length = 0;
    },
    requests,
    replies,
    kinds,
    all,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const readTools = ['Read', 'view', 'read_file', 'read'];
const pathFields = ['file_path', 'absolute_path', 'path', 'filePath'];

/**
 * A `{ read: path }` step as the host's own file-read tool (its path argument named as its
 * schema names it), or as `cat` where the host declares none.
 */
function withRead(step, tools, ...schemaFields) {
  if (step.read === undefined) return step;
  const tool = readTools.map((n) => tools.find((t) => t.name === n)).find(Boolean);
  if (tool === undefined) return { ...step, shell: `cat ${step.read}` };
  const schema = schemaFields.map((f) => tool[f]).find(Boolean) ?? {};
  const props = Object.keys(schema.properties ?? {});
  const key = pathFields.find((k) => props.includes(k)) ?? 'path';
  return { ...step, readTool: { name: tool.name, arguments: { [key]: step.read } } };
}

/** A file write through whichever write tool a Chat Completions client declares. */
function chatWrite(names, declared, { path, content }) {
  if (names.includes('editor')) {
    const props = Object.keys(
      declared.find((d) => d.name === 'editor')?.parameters?.properties ?? {},
    );
    const args = { command: 'create', path, file_text: content };
    if (props.includes('new_text'))
      return { name: 'editor', arguments: { command: 'create', path, new_text: content } };
    return { name: 'editor', arguments: args };
  }
  if (names.includes('apply_patch')) {
    const lines = content.split('\n').map((l) => `+${l}`);
    const patch = `*** Begin Patch\n*** Add File: ${path}\n${lines.join('\n')}\n*** End Patch\n`;
    return { name: 'apply_patch', arguments: { input: patch } };
  }
  if (names.includes('write_to_file'))
    return { name: 'write_to_file', arguments: { path, content } };
  if (names.includes('create')) return { name: 'create', arguments: { path, file_text: content } };
  return { name: 'Write', arguments: { file_path: path, content } };
}

/** Codex's shell tool: the request names the tools it offers. */
function codexShell(names, command, id) {
  const call = { id: `fc_${id}`, call_id: `call_${id}`, status: 'completed' };
  if (names.includes('exec_command'))
    return {
      ...call,
      type: 'function_call',
      name: 'exec_command',
      arguments: JSON.stringify({ cmd: command }),
    };
  if (names.includes('shell_command'))
    return {
      ...call,
      type: 'function_call',
      name: 'shell_command',
      arguments: JSON.stringify({ command }),
    };
  return {
    ...call,
    type: 'function_call',
    name: 'shell',
    arguments: JSON.stringify({ command: ['bash', '-lc', command] }),
  };
}

/** Codex writes files with apply_patch, a freeform tool. */
function codexWrite({ path, content }, id) {
  const lines = content.split('\n').map((l) => `+${l}`);
  const patch = `*** Begin Patch\n*** Add File: ${path}\n${lines.join('\n')}\n*** End Patch\n`;
  const call = { id: `fc_${id}`, call_id: `call_${id}`, status: 'completed' };
  return { ...call, type: 'custom_tool_call', name: 'apply_patch', input: patch };
}

function json(res, doc, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(doc));
}
