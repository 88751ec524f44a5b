import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { describeAnswer, type Answer } from './http.js';
import { asJsonSchema2020 } from './openapi-30.js';
import { describeResult, runCommand } from './processes.js';

/**
 * Every answer of the live checks against the OpenAPI document `fullapi openapi` gives of the application, and
 * against the document the application was made from when it was (`make --openapi`): the schema of its route
 * (the path template it matches, under the document's server path), method and status, with ajv (OpenAPI 3.1
 * schemas are JSON Schema 2020-12; a 3.0 document's are made so first). An answer a document does not describe,
 * or describes otherwise, fails the check that got it: so neither document can drift from what the generated
 * code answers.
 */

export interface AnswerValidator {
  /** Throws, naming the route, the status and what ajv found, when the document does not describe the answer. */
  check(method: string, path: string, answer: Answer): void;
}

/** The document as parsed JSON: its shape is what is examined. */
type Json = any;

const CLI_TIMEOUT_MS = 60_000;

/**
 * The document of the application's entities, from the bundled CLI as a user runs it, as a validator of answers;
 * with `madeFrom`, the path of the one-file OpenAPI document (YAML or JSON) the entities were made from, both.
 */
export async function documentedAnswers(repo: string, app: string, madeFrom?: string): Promise<AnswerValidator> {
  const result = await runCommand(process.execPath, [join(repo, 'dist', 'cli', 'fullapi.mjs'), 'openapi', '--project', app], { cwd: app, timeoutMs: CLI_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(describeResult('fullapi openapi', result));
  const written = answerValidator(JSON.parse(result.stdout) as Json);
  if (madeFrom === undefined) return written;
  const input = answerValidator(parseYaml(readFileSync(madeFrom, 'utf8')) as Json, `the document it was made from, ${basename(madeFrom)}`);
  return { check: (method, path, answer) => [written, input].forEach((validator) => validator.check(method, path, answer)) };
}

interface Route {
  template: string;
  pattern: RegExp;
  item: Json;
}

/** `name` says which document, in a failure's message. */
export function answerValidator(written: Json, name = 'the OpenAPI document'): AnswerValidator {
  const document = asJsonSchema2020(written);
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema(JSON.parse(JSON.stringify({ $id: 'openapi', $defs: document.components?.schemas ?? {} }).replaceAll('"#/components/schemas/', '"openapi#/$defs/')));
  const base = serverPath(document);
  const routes: Route[] = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({ template, pattern: templatePattern(`${base}${template}`), item }));
  const compiled = new Map<Json, ValidateFunction>();
  const validatorOf = (schema: Json): ValidateFunction => {
    const known = compiled.get(schema);
    if (known !== undefined) return known;
    const made = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"openapi#/$defs/')));
    compiled.set(schema, made);
    return made;
  };
  return {
    check(method, path, answer) {
      const pathOnly = path.split('?')[0] ?? path;
      const route = routes.find((candidate) => candidate.pattern.test(pathOnly));
      const fail = (why: string): never => {
        throw new Error(`${name}: ${route?.template ?? pathOnly} ${method} ${answer.status}: ${why}; ${describeAnswer(answer)}`);
      };
      if (route === undefined) return fail('no path of the document matches');
      const operation = route.item[method.toLowerCase()];
      if (operation === undefined) return fail('the path has no such operation');
      const described = describedResponse(operation.responses, answer.status);
      if (described === undefined) return fail(`the operation documents no such status (only ${Object.keys(operation.responses ?? {}).join(', ')})`);
      const response = resolved(document, described);
      const content = response.content as Record<string, { schema: Json }> | undefined;
      if (content === undefined) {
        if (answer.text !== '') fail('the document says no content');
        return;
      }
      const [mediaType, { schema }] = Object.entries(content)[0] ?? fail('the response has no media type');
      const answeredType = answer.headers.get('content-type') ?? '';
      if (!answeredType.startsWith(mediaType)) fail(`answered ${answeredType || 'no content type'}, the document says ${mediaType}`);
      if (answer.json === undefined) fail('the answer is not JSON');
      const validate = validatorOf(schema);
      if (!validate(answer.json)) fail(ajv.errorsText(validate.errors, { dataVar: 'body' }));
    },
  };
}

/** The path of the document's first server (`/api` of `https://shop.example/api`), before each of its paths; none, nothing. */
function serverPath(document: Json): string {
  const url = document.servers?.[0]?.url;
  return typeof url === 'string' ? new URL(url, 'http://server').pathname.replace(/\/$/, '') : '';
}

/** The response described for a status: its own, else its class's (`4XX`), else the operation's `default`. */
function describedResponse(responses: Json, status: number): Json {
  return responses?.[String(status)] ?? responses?.[`${String(status).charAt(0)}XX`] ?? responses?.default;
}

/** `/api/posts/{post}` matches `/api/posts/12`, not `/api/posts/12/restore`. */
function templatePattern(template: string): RegExp {
  const parts = template.split(/\{[^}]+\}/).map((literal) => literal.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[^/]+')}$`);
}

function resolved(document: Json, response: Json): Json {
  const ref = response?.$ref;
  if (typeof ref !== 'string') return response;
  return document.components?.responses?.[ref.replace('#/components/responses/', '')];
}
