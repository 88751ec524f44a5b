import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describeAnswer, type Answer } from './http.js';
import { describeResult, runCommand } from './processes.js';

/**
 * Every answer of the live checks against the OpenAPI document `fullapi openapi` gives of the application: the
 * schema of its route (the path template it matches), method and status, with ajv (OpenAPI 3.1 schemas are
 * JSON Schema 2020-12). An answer the document does not describe, or describes otherwise, fails the check that
 * got it: so the document cannot drift from what the generated code answers.
 */

export interface AnswerValidator {
  /** Throws, naming the route, the status and what ajv found, when the document does not describe the answer. */
  check(method: string, path: string, answer: Answer): void;
}

/** The document as parsed JSON: its shape is what is examined. */
type Json = any;

const CLI_TIMEOUT_MS = 60_000;

/** The document of the application's entities, from the bundled CLI as a user runs it, as a validator of answers. */
export async function documentedAnswers(repo: string, app: string): Promise<AnswerValidator> {
  const result = await runCommand(process.execPath, [join(repo, 'dist', 'cli', 'fullapi.mjs'), 'openapi', '--project', app], { cwd: app, timeoutMs: CLI_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(describeResult('fullapi openapi', result));
  return answerValidator(JSON.parse(result.stdout) as Json);
}

interface Route {
  template: string;
  pattern: RegExp;
  item: Json;
}

export function answerValidator(document: Json): AnswerValidator {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema(JSON.parse(JSON.stringify({ $id: 'openapi', $defs: document.components?.schemas ?? {} }).replaceAll('"#/components/schemas/', '"openapi#/$defs/')));
  const routes: Route[] = Object.entries(document.paths as Record<string, Json>).map(([template, item]) => ({ template, pattern: templatePattern(template), item }));
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
        throw new Error(`the OpenAPI document: ${route?.template ?? pathOnly} ${method} ${answer.status}: ${why}; ${describeAnswer(answer)}`);
      };
      if (route === undefined) return fail('no path of the document matches');
      const operation = route.item[method.toLowerCase()];
      if (operation === undefined) return fail('the path has no such operation');
      const described = operation.responses?.[String(answer.status)];
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
