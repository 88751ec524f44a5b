/**
 * The erDiagram parser: a Chevrotain CST parser (the lowering in `ast.ts` walks the CST).
 *
 * Statements need no separator in Mermaid (`A B C` declares three entities), so the
 * grammar is a plain repetition of statements. Error recovery is on, so one run reports
 * every syntax error; the messages come from `messages.ts`.
 */
import { CstParser, type CstNode, type IRecognitionException, type IToken } from 'chevrotain';
import { erTokenVocabulary } from './lexer.js';
import { erErrorMessages, unexpectedTokenMessage } from './messages.js';
import * as t from './tokens.js';

class ErDiagramParser extends CstParser {
  constructor() {
    super(erTokenVocabulary, {
      recoveryEnabled: true,
      nodeLocationTracking: 'full',
      errorMessageProvider: erErrorMessages,
    });
    this.performSelfAnalysis();
  }

  public diagram = this.RULE('diagram', () => {
    this.CONSUME(t.Header);
    this.MANY(() => this.SUBRULE(this.statement));
  });

  private statement = this.RULE('statement', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.DirectionLine) },
      { ALT: () => this.CONSUME(t.AccTitleLine) },
      { ALT: () => this.CONSUME(t.AccDescrBlock) },
      { ALT: () => this.CONSUME(t.AccDescrLine) },
      { ALT: () => this.CONSUME(t.StyleLine) },
      { ALT: () => this.SUBRULE(this.entityStatement) },
    ]);
  });

  /** `NAME[alias]:::cls { ... }` or `NAME:::cls <relationship>`; an alias in a relationship is refused when lowering. */
  private entityStatement = this.RULE('entityStatement', () => {
    this.SUBRULE(this.entityName);
    this.OPTION(() => this.SUBRULE(this.alias));
    this.OPTION2(() => this.CONSUME(t.ClassShorthand));
    this.OPTION3(() =>
      this.OR([
        { ALT: () => this.SUBRULE(this.attributeBlock) },
        { ALT: () => this.SUBRULE(this.relationship) },
      ]),
    );
  });

  private entityName = this.RULE('entityName', () => {
    this.OR([{ ALT: () => this.CONSUME(t.Name) }, { ALT: () => this.CONSUME(t.Quoted) }]);
  });

  private alias = this.RULE('alias', () => {
    this.CONSUME(t.LBracket);
    this.OR([{ ALT: () => this.CONSUME(t.Name) }, { ALT: () => this.CONSUME(t.Quoted) }]);
    this.CONSUME(t.RBracket);
  });

  private attributeBlock = this.RULE('attributeBlock', () => {
    this.CONSUME(t.LCurly);
    this.MANY(() => this.SUBRULE(this.attribute));
    this.CONSUME(t.RCurly);
  });

  /** `type name [PK, FK] ["comment"]` */
  private attribute = this.RULE('attribute', () => {
    this.CONSUME(t.AttributeWord, { LABEL: 'type' });
    this.CONSUME2(t.AttributeWord, { LABEL: 'name' });
    this.OPTION(() => {
      this.CONSUME(t.Key);
      this.MANY(() => {
        this.CONSUME(t.Comma);
        this.CONSUME2(t.Key);
      });
    });
    this.OPTION2(() => this.CONSUME(t.Quoted, { LABEL: 'comment' }));
  });

  /** `||--o{ OTHER : label`, the part after the first entity. */
  private relationship = this.RULE('relationship', () => {
    this.CONSUME(t.Cardinality, { LABEL: 'fromCardinality' });
    this.CONSUME(t.RelationshipLine);
    this.CONSUME2(t.Cardinality, { LABEL: 'toCardinality' });
    this.SUBRULE(this.entityName, { LABEL: 'to' });
    this.OPTION(() => this.CONSUME(t.ClassShorthand));
    // The label is mandatory in Mermaid, but a missing one is reported when lowering:
    // making it optional here keeps recovery from eating the next line's entity as a label.
    this.OPTION2(() => {
      this.CONSUME(t.Colon);
      this.OR([
        { ALT: () => this.CONSUME(t.Quoted, { LABEL: 'label' }) },
        { ALT: () => this.CONSUME(t.Name, { LABEL: 'label' }) },
      ]);
    });
  });
}

const erParser = new ErDiagramParser();

export function parseErTokens(tokens: IToken[]): { cst: CstNode; parseErrors: IRecognitionException[] } {
  erParser.input = tokens;
  const cst = erParser.diagram();
  const previousOf = (token: IToken) => tokens[tokens.indexOf(token) - 1];
  const parseErrors = erParser.errors;
  for (const error of parseErrors) {
    if (error.message.startsWith('unexpected ')) error.message = unexpectedTokenMessage(error.token, previousOf(error.token));
  }
  return { cst, parseErrors };
}
