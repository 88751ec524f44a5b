/**
 * The classDiagram parser: a Chevrotain CST parser following Mermaid's jison grammar rule for rule
 * (the lowering in `ast.ts` walks the CST and does what Mermaid's ClassDB does).
 *
 * Statements are separated by line ends, exactly one between two statements: Mermaid has no empty
 * statement, and blank lines are already one token. Error recovery is on, so one run reports every
 * syntax error, up to a limit (`bounded-recovery.ts`); the messages come from `messages.ts`.
 */
import { EMPTY_ALT, tokenMatcher, type IToken } from 'chevrotain';
import { BoundedCstParser, parseBounded, type BoundedParse } from '../bounded-recovery.js';
import type { DiagramCstNode } from './cst.generated.js';
import { classTokenVocabulary } from './lexer.js';
import { classErrorMessages, refineMessage } from './messages.js';
import * as t from './tokens.js';

class ClassDiagramParser extends BoundedCstParser {
  constructor() {
    super(classTokenVocabulary, {
      recoveryEnabled: true,
      // Offsets are enough: the lowering maps them back to the user's text, which Mermaid's preprocessing changed.
      nodeLocationTracking: 'onlyOffset',
      errorMessageProvider: classErrorMessages,
      maxLookahead: 3,
    });
    this.performSelfAnalysis();
  }

  /**
   * Each statement comes after its line end, so line ends are the only places where recovery resumes; the
   * one line end Mermaid allows after the last statement is dropped before parsing (`parseClassTokens`).
   */
  public diagram = this.RULE('diagram', () => {
    this.CONSUME(t.Header);
    this.AT_LEAST_ONE(() => {
      this.CONSUME(t.LineEnd);
      this.SUBRULE(this.statement);
    });
  });

  private statement = this.RULE('statement', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.DirectionLine) },
      { ALT: () => this.CONSUME(t.AccTitle) },
      { ALT: () => this.CONSUME(t.AccDescrLine) },
      { ALT: () => this.CONSUME(t.AccDescrBlock) },
      { ALT: () => this.SUBRULE(this.classStatement) },
      { ALT: () => this.SUBRULE(this.namespaceStatement) },
      { ALT: () => this.SUBRULE(this.annotationStatement) },
      { ALT: () => this.SUBRULE(this.noteStatement) },
      { ALT: () => this.SUBRULE(this.styleStatement) },
      { ALT: () => this.SUBRULE(this.classDefStatement) },
      { ALT: () => this.SUBRULE(this.cssClassStatement) },
      { ALT: () => this.SUBRULE(this.callbackStatement) },
      { ALT: () => this.SUBRULE(this.linkStatement) },
      { ALT: () => this.SUBRULE(this.clickStatement) },
      { ALT: () => this.SUBRULE(this.relationOrMember) },
    ]);
  });

  /**
   * `A`, `A : member`, or a relation `A ["card"] <arrow> ["card"] B [: label]`: all start with a class
   * name of any length, so they share one rule.
   */
  private relationOrMember = this.RULE('relationOrMember', () => {
    this.SUBRULE(this.className, { LABEL: 'from' });
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.Quoted, { LABEL: 'fromCardinality' });
          this.SUBRULE(this.relationRest);
        },
      },
      { ALT: () => this.SUBRULE2(this.relationRest) },
      { ALT: () => this.CONSUME(t.Label, { LABEL: 'member' }) },
      { ALT: EMPTY_ALT() },
    ]);
  });

  /** Everything after `A ["card"]`. */
  private relationRest = this.RULE('relationRest', () => {
    this.SUBRULE(this.relationOperator);
    this.OPTION(() => this.CONSUME(t.Quoted, { LABEL: 'toCardinality' }));
    this.SUBRULE(this.className, { LABEL: 'to' });
    this.OPTION2(() => this.CONSUME(t.Label, { LABEL: 'label' }));
  });

  /** `<|--`, `*--o`, `..>`, `()--`: optional heads around a line. */
  private relationOperator = this.RULE('relationOperator', () => {
    this.OPTION(() => this.CONSUME(t.RelationHead, { LABEL: 'fromHead' }));
    this.CONSUME(t.RelationLine);
    this.OPTION2(() => this.CONSUME2(t.RelationHead, { LABEL: 'toHead' }));
  });

  /**
   * Words, letters and `-` glued together, `.` between pieces, ending in a generic `~T~`; or a name in
   * backticks, also with an optional generic, alone or as the last piece. The pieces are a loop, not a
   * recursion: a name may have thousands of them (every non-ASCII letter is one). The last piece, a name in
   * backticks or whatever follows a `.` that no word follows, is this rule again, so that a `.` before nothing
   * fails as "expected a class name".
   */
  private className = this.RULE('className', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.BacktickText);
          this.OPTION(() => this.CONSUME(t.GenericText));
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.AlphaNum);
          this.MANY(() => {
            this.OPTION2(() => this.CONSUME(t.Dot));
            this.CONSUME2(t.AlphaNum);
          });
          this.OPTION3(() =>
            this.OR2([
              { ALT: () => this.CONSUME2(t.GenericText) },
              { ALT: () => this.SUBRULE(this.className) },
              {
                ALT: () => {
                  this.CONSUME2(t.Dot);
                  this.SUBRULE2(this.className);
                },
              },
            ]),
          );
        },
      },
    ]);
  });

  /** Like a class name, without a generic. */
  private namespaceName = this.RULE('namespaceName', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.BacktickText) },
      {
        ALT: () => {
          this.CONSUME(t.AlphaNum);
          this.MANY(() => {
            this.OPTION(() => this.CONSUME(t.Dot));
            this.CONSUME2(t.AlphaNum);
          });
          this.OPTION2(() =>
            this.OR2([
              { ALT: () => this.SUBRULE(this.namespaceName) },
              {
                ALT: () => {
                  this.CONSUME2(t.Dot);
                  this.SUBRULE2(this.namespaceName);
                },
              },
            ]),
          );
        },
      },
    ]);
  });

  /** `class Name["Label"]` followed by `:::css`, `<<annotation>>` or neither, then maybe a body. */
  private classStatement = this.RULE('classStatement', () => {
    this.CONSUME(t.ClassKeyword);
    this.SUBRULE(this.className);
    this.OPTION(() => this.SUBRULE(this.squareLabel));
    this.OPTION2(() =>
      this.OR([
        {
          ALT: () => {
            this.SUBRULE(this.cssShorthand);
            this.OPTION3(() => this.SUBRULE(this.filledClassBody));
          },
        },
        {
          ALT: () => {
            this.SUBRULE(this.inlineAnnotation);
            this.OPTION4(() => this.SUBRULE(this.classBody));
          },
        },
        { ALT: () => this.SUBRULE2(this.classBody) },
      ]),
    );
  });

  private squareLabel = this.RULE('squareLabel', () => {
    this.CONSUME(t.LSquare);
    this.CONSUME(t.Quoted);
    this.CONSUME(t.RSquare);
  });

  private cssShorthand = this.RULE('cssShorthand', () => {
    this.CONSUME(t.StyleSeparator);
    this.CONSUME(t.AlphaNum);
  });

  private inlineAnnotation = this.RULE('inlineAnnotation', () => {
    this.CONSUME(t.AnnotationStart);
    this.CONSUME(t.AlphaNum);
    this.CONSUME(t.AnnotationEnd);
  });

  private classBody = this.RULE('classBody', () => {
    this.CONSUME(t.BodyOpen);
    this.MANY(() => this.CONSUME(t.Member));
    this.CONSUME(t.BodyClose);
  });

  /** After `:::css`, Mermaid has no rule for an empty body. */
  private filledClassBody = this.RULE('filledClassBody', () => {
    this.CONSUME(t.BodyOpen);
    this.AT_LEAST_ONE(() => this.CONSUME(t.Member));
    this.CONSUME(t.BodyClose);
  });

  /** `namespace A.B["Label"] { ... }`: classes, notes and namespaces, one per line. */
  private namespaceStatement = this.RULE('namespaceStatement', () => {
    this.CONSUME(t.NamespaceKeyword);
    this.SUBRULE(this.namespaceName);
    this.OPTION(() => this.SUBRULE(this.squareLabel));
    this.CONSUME(t.NamespaceOpen);
    this.OPTION2(() => this.CONSUME(t.LineEnd));
    this.SUBRULE(this.namespaceMember);
    this.MANY(() => {
      this.CONSUME2(t.LineEnd);
      this.SUBRULE2(this.namespaceMember);
    });
    this.OPTION3(() => this.CONSUME3(t.LineEnd));
    this.CONSUME(t.NamespaceClose);
  });

  private namespaceMember = this.RULE('namespaceMember', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.classStatement) },
      { ALT: () => this.SUBRULE(this.noteStatement) },
      { ALT: () => this.SUBRULE(this.namespaceStatement) },
    ]);
  });

  /** `<<interface>> Shape` */
  private annotationStatement = this.RULE('annotationStatement', () => {
    this.CONSUME(t.AnnotationStart);
    this.CONSUME(t.AlphaNum);
    this.CONSUME(t.AnnotationEnd);
    this.SUBRULE(this.className);
  });

  private noteStatement = this.RULE('noteStatement', () => {
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.NoteFor);
          this.SUBRULE(this.className);
        },
      },
      { ALT: () => this.CONSUME(t.Note) },
    ]);
    this.CONSUME(t.Quoted);
  });

  private styleStatement = this.RULE('styleStatement', () => {
    this.CONSUME(t.Style);
    this.CONSUME(t.Word);
    this.SUBRULE(this.styles);
  });

  private classDefStatement = this.RULE('classDefStatement', () => {
    this.CONSUME(t.ClassDef);
    this.CONSUME(t.Word);
    this.MANY(() => {
      this.CONSUME(t.Comma);
      this.CONSUME2(t.Word);
    });
    this.SUBRULE(this.styles);
  });

  /** Mermaid's style text: words, `:`, `#`, `%`, labels, in groups separated by commas (no `-` or `.`). */
  private styles = this.RULE('styles', () => {
    this.SUBRULE(this.styleGroup);
    this.MANY(() => {
      this.CONSUME(t.Comma);
      this.SUBRULE2(this.styleGroup);
    });
  });

  private styleGroup = this.RULE('styleGroup', () => {
    this.AT_LEAST_ONE(() =>
      this.OR([
        { ALT: () => this.CONSUME(t.Word) },
        { ALT: () => this.CONSUME(t.Colon) },
        { ALT: () => this.CONSUME(t.Hash) },
        { ALT: () => this.CONSUME(t.Style) },
        { ALT: () => this.CONSUME(t.Percent) },
        { ALT: () => this.CONSUME(t.Label) },
      ]),
    );
  });

  private cssClassStatement = this.RULE('cssClassStatement', () => {
    this.CONSUME(t.CssClass);
    this.CONSUME(t.Quoted);
    this.CONSUME(t.Word);
  });

  /** `callback A "function" ["tooltip"]` */
  private callbackStatement = this.RULE('callbackStatement', () => {
    this.CONSUME(t.Callback);
    this.SUBRULE(this.className);
    this.CONSUME(t.Quoted, { LABEL: 'target' });
    this.OPTION(() => this.CONSUME2(t.Quoted, { LABEL: 'tooltip' }));
  });

  /** `link A "url" ["tooltip"] [_blank]` */
  private linkStatement = this.RULE('linkStatement', () => {
    this.CONSUME(t.Link);
    this.SUBRULE(this.className);
    this.CONSUME(t.Quoted, { LABEL: 'target' });
    this.OPTION(() => this.CONSUME2(t.Quoted, { LABEL: 'tooltip' }));
    this.OPTION2(() => this.CONSUME(t.LinkTarget));
  });

  /** `click A call f(args) ["tooltip"]` or `click A href "url" ["tooltip"] [_blank]` */
  private clickStatement = this.RULE('clickStatement', () => {
    this.CONSUME(t.Click);
    this.SUBRULE(this.className);
    this.OR([
      {
        ALT: () => {
          this.CONSUME(t.CallbackCall);
          this.OPTION(() => this.CONSUME(t.Quoted, { LABEL: 'tooltip' }));
        },
      },
      {
        ALT: () => {
          this.CONSUME(t.Href);
          this.CONSUME2(t.Quoted, { LABEL: 'target' });
          this.OPTION2(() => this.CONSUME3(t.Quoted, { LABEL: 'tooltip' }));
          this.OPTION3(() => this.CONSUME(t.LinkTarget));
        },
      },
    ]);
  });
}

let builtParser: ClassDiagramParser | undefined;

/**
 * Built on first use: the grammar analysis takes a tenth of a second, which a command that reads no
 * classDiagram (`--help`, a schema file) should not pay.
 */
function classParser(): ClassDiagramParser {
  builtParser ??= new ClassDiagramParser();
  return builtParser;
}

/** The grammar's rules, for `generateCstDts` (cst.generated.ts and its staleness test). */
export function classGrammarProductions(): ReturnType<ClassDiagramParser['getGAstProductions']> {
  return classParser().getGAstProductions();
}

/** The grammar as Chevrotain serializes it, for the railroad diagrams of docs/reference/mermaid-grammar.md. */
export function classSerializedGrammar(): ReturnType<ClassDiagramParser['getSerializedGastProductions']> {
  return classParser().getSerializedGastProductions();
}

export function parseClassTokens(tokens: IToken[]): BoundedParse<DiagramCstNode> {
  const last = tokens.at(-1);
  const input = last && tokenMatcher(last, t.LineEnd) ? tokens.slice(0, -1) : tokens;
  const parser = classParser();
  const parse = parseBounded(parser, input, () => parser.diagram() as DiagramCstNode);
  for (const error of parse.errors) error.message = refineMessage(error, input);
  return parse;
}
