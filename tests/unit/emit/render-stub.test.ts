import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderStub } from '../../../src/emit/render-stub.js';

const render = (template: string, values: Record<string, string>): string => {
  const result = renderStub('model', template, values);
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.text;
};

test('{{name}} and {{ name }} insert the value unescaped', () => {
  assert.is(render("a {{x}} b {{ y }}\n", { x: '<&>', y: "'q'" }), "a <&> b 'q'\n");
});

test('a placeholder alone on its line indents every line of its value, blank lines staying empty', () => {
  assert.is(render('{\n    {{members}}\n}\n', { members: 'one;\n\ntwo {\n    three;\n}' }), '{\n    one;\n\n    two {\n        three;\n    }\n}\n');
});

test('a placeholder alone on its line removes the line when its value is empty', () => {
  assert.is(render('/** doc */\n{{classAttributes}}\nclass A\n', { classAttributes: '' }), '/** doc */\nclass A\n');
  assert.is(render('/** doc */\n{{classAttributes}}\nclass A\n', { classAttributes: '#[X]' }), '/** doc */\n#[X]\nclass A\n');
});

test('real EJS tags work alongside placeholders', () => {
  assert.is(render("<% if (flag === 'yes') { %>on {{flag}}<% } %>\n", { flag: 'yes' }), 'on yes\n');
});

test('Windows line endings in a published stub do not reach the output', () => {
  assert.is(render('a\r\n    {{x}}\r\nb\r\n', { x: '1' }), 'a\n    1\nb\n');
});

test('an unknown placeholder is invalid_stub, with its line and the placeholders the stub receives', () => {
  const result = renderStub('model', 'line one\n\nclass {{modelName}}\n', { className: 'Post', members: '' });
  assert.equal(result, {
    ok: false,
    diagnostic: {
      severity: 'error',
      code: 'invalid_stub',
      message: 'model.stub line 3: unknown placeholder {{modelName}}',
      span: { file: 'model.stub', line: 3, column: 7 },
      hint: 'This stub receives: {{className}}, {{members}}.',
    },
  });
});

test('an EJS failure is invalid_stub, with the line EJS reports', () => {
  const runtime = renderStub('enum', 'a\nb\n<%- missing %>\n', {});
  assert.ok(!runtime.ok && runtime.diagnostic.code === 'invalid_stub');
  assert.ok(!runtime.ok && runtime.diagnostic.message === 'enum.stub line 3: missing is not defined');
  const syntax = renderStub('enum', 'a <%- x\n', { x: '' });
  assert.ok(!syntax.ok && syntax.diagnostic.code === 'invalid_stub');
  assert.ok(!syntax.ok && syntax.diagnostic.message.startsWith('enum.stub: '));
});

test.run();
