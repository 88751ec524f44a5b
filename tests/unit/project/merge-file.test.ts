import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mergeGenerated } from '../../../src/project/resolve/merge-file.js';

const lines = (...text: string[]) => `${text.join('\n')}\n`;

const BASE = lines('<?php', '', 'class Post', '{', "    protected $fillable = ['title'];", '}');

test('a hand edit and a change of the generation elsewhere merge cleanly, each kept', () => {
  const yours = lines('<?php', '', 'class Post', '{', "    protected $fillable = ['title'];", '', '    public function mine(): int', '    {', '        return 1;', '    }', '}');
  const generated = lines('<?php', '', '/** @property string $title */', 'class Post', '{', "    protected $fillable = ['title'];", '}');
  const merged = mergeGenerated('app/Models/Post.php', BASE, yours, generated);
  assert.equal(merged, {
    clean: true,
    text: lines('<?php', '', '/** @property string $title */', 'class Post', '{', "    protected $fillable = ['title'];", '', '    public function mine(): int', '    {', '        return 1;', '    }', '}'),
  });
});

test('both sides changing the same line conflict: the line of the file on disk, both texts, and the markers', () => {
  const yours = lines('<?php', '', 'class Post', '{', "    protected $fillable = ['title']; // mine", '}');
  const generated = lines('<?php', '', 'class Post', '{', "    protected $fillable = ['title', 'summary'];", '}');
  const merged = mergeGenerated('app/Models/Post.php', BASE, yours, generated);
  assert.is(merged.clean, false);
  if (merged.clean) return;
  assert.equal(merged.conflicts, [{ line: 5, yours: ["    protected $fillable = ['title']; // mine"], fullapi: ["    protected $fillable = ['title', 'summary'];"], markerLine: 5 }]);
  assert.is(
    merged.marked,
    lines('<?php', '', 'class Post', '{', '<<<<<<< yours', "    protected $fillable = ['title']; // mine", '=======', "    protected $fillable = ['title', 'summary'];", '>>>>>>> fullapi', '}'),
  );
  assert.is(merged.unparsable, undefined);
});

test('the same change on both sides is no conflict', () => {
  const both = lines('<?php', '', 'class Post', '{', "    protected $fillable = ['title', 'summary'];", '}');
  assert.equal(mergeGenerated('app/Models/Post.php', BASE, both, both), { clean: true, text: both });
});

test('the marker line counts what the merge wrote before it', () => {
  const base = lines('a', 'b', 'c', 'd');
  const yours = lines('a', 'b', 'c', 'D (yours)');
  const generated = lines('new 1', 'new 2', 'a', 'b', 'c', 'D (fullapi)');
  const merged = mergeGenerated('notes.txt', base, yours, generated);
  assert.is(merged.clean, false);
  if (merged.clean) return;
  assert.equal(merged.conflicts.map(({ line, markerLine }) => [line, markerLine]), [[4, 6]]);
  assert.is(merged.marked.split('\n')[5], '<<<<<<< yours');
});

test('a clean merge of PHP that does not parse is no merge; another file is not parsed', () => {
  const base = lines('<?php', 'function f()', '{', '    return 1;', '}');
  const yours = lines('<?php', 'function f()', '{', '    if (true) {', '    return 1;', '}');
  const generated = lines('<?php', 'function f()', '{', '    return 1;', '}', '', 'function g() {}');
  const merged = mergeGenerated('app/f.php', base, yours, generated);
  assert.is(merged.clean, false);
  if (merged.clean) return;
  assert.equal(merged.conflicts, []);
  assert.match(merged.unparsable?.reason ?? '', 'is not valid PHP');
  assert.is(mergeGenerated('app/f.txt', base, yours, generated).clean, true);
});

test.run();
