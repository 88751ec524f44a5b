/**
 * The erDiagram parser: a Chevrotain CST parser accepting exactly the language of Mermaid 11.14's jison grammar
 * (the lowering in `ast.ts` walks the CST).
 *
 * Statements need no separator (`A B C` declares three entities), so the diagram is a plain repetition of
 * statements and line breaks. Jison's many `statement` alternatives that begin with an entity name are one rule
 * here, `entityStatement`, with the same choices after the name. Error recovery is on, so one run reports every
 * syntax error, up to a limit (`bounded-recovery.ts`); the messages come from `messages.ts`.
 */
import type { IToken } from 'chevrotain';
import { BoundedCstParser, parseBounded, type BoundedParse } from '../bounded-recovery.js';
import { tokenBefore } from '../places.js';
import type { DiagramCstNode } from './cst.generated.js';
import { erTokenVocabulary } from './lexer.js';
import { erErrorMessages, UNEXPECTED_TOKEN, unexpectedTokenMessage } from './messages.js';
import * as t from './tokens.js';

class ErDiagramParser extends BoundedCstParser {
  constructor() {
    super(erTokenVocabulary, {
      recoveryEnabled: true,
      // Offsets are enough: the facade maps them back to the user's text, which Mermaid's preprocessing changed.
      nodeLocationTracking: 'onlyOffset',
      errorMessageProvider: erErrorMessages,
      maxLookahead: 2,
    });
    this.performSelfAnalysis();
  }

  public diagram = this.RULE('diagram', () => {
    this.CONSUME(t.Header);
    this.MANY(() =>
      this.OR([{ ALT: () => this.CONSUME(t.Newline) }, { ALT: () => this.SUBRULE(this.statement) }]),
    );
    this.CONSUME(t.EndOfInput);
  });

  private statement = this.RULE('statement', () => {
    this.OR([
      { ALT: () => this.SUBRULE(this.entityStatement) },
      { ALT: () => this.CONSUME(t.AccTitle) },
      { ALT: () => this.CONSUME(t.AccDescrLine) },
      { ALT: () => this.SUBRULE(this.accDescrBlock) },
      { ALT: () => this.CONSUME(t.Direction) },
      { ALT: () => this.SUBRULE(this.styleStatement) },
      { ALT: () => this.SUBRULE(this.classStatement) },
    ]);
  });

  private accDescrBlock = this.RULE('accDescrBlock', () => {
    this.CONSUME(t.AccDescrOpen);
    this.CONSUME(t.AccDescrText);
    this.CONSUME(t.AccDescrClose);
  });

  /** `style A,B fill:#f9f` or `classDef hot,cold fill:#f96;`: a list of names, then styles. */
  private styleStatement = this.RULE('styleStatement', () => {
    this.OR([{ ALT: () => this.CONSUME(t.StyleKeyword) }, { ALT: () => this.CONSUME(t.ClassDefKeyword) }]);
    this.CONSUME(t.StyleText, { LABEL: 'target' });
    this.MANY(() => {
      this.CONSUME(t.StyleComma, { LABEL: 'targetComma' });
      this.CONSUME2(t.StyleText, { LABEL: 'target' });
    });
    this.AT_LEAST_ONE_SEP({ SEP: t.StyleComma, DEF: () => this.SUBRULE(this.styleWords) });
    this.OR2([{ ALT: () => this.CONSUME(t.StyleSemicolon) }, { ALT: () => this.CONSUME(t.StyleNewline) }]);
  });

  private styleWords = this.RULE('styleWords', () => {
    this.AT_LEAST_ONE(() =>
      this.OR([
        { ALT: () => this.CONSUME(t.StyleText) },
        { ALT: () => this.CONSUME(t.StyleColon) },
        { ALT: () => this.CONSUME(t.StyleHash) },
      ]),
    );
  });

  /** `class A,B hot,cold` */
  private classStatement = this.RULE('classStatement', () => {
    this.CONSUME(t.ClassKeyword);
    this.SUBRULE(this.nameList, { LABEL: 'entities' });
    this.SUBRULE2(this.nameList, { LABEL: 'classes' });
  });

  private nameList = this.RULE('nameList', () => {
    this.AT_LEAST_ONE_SEP({ SEP: t.Comma, DEF: () => this.CONSUME(t.Name) });
  });

  /** `:::hot,cold` after an entity name. */
  private classShorthand = this.RULE('classShorthand', () => {
    this.CONSUME(t.ClassSeparator);
    this.SUBRULE(this.nameList);
  });

  /**
   * Everything that starts with an entity name: a declaration (`NAME`, `NAME[alias]`, `:::cls`, `{...}`) or a
   * relationship. An alias rules out a relationship, as in Mermaid.
   */
  private entityStatement = this.RULE('entityStatement', () => {
    this.SUBRULE(this.entityName);
    this.OPTION(() =>
      this.OR([
        {
          ALT: () => {
            this.SUBRULE(this.alias);
            this.OPTION2(() => this.SUBRULE(this.classShorthand));
            this.OPTION3(() => this.SUBRULE(this.attributeBlock));
          },
        },
        {
          ALT: () => {
            this.SUBRULE2(this.classShorthand);
            this.OPTION4(() =>
              this.OR2([
                { ALT: () => this.SUBRULE(this.relationship) },
                { ALT: () => this.SUBRULE2(this.attributeBlock) },
              ]),
            );
          },
        },
        { ALT: () => this.SUBRULE2(this.relationship) },
        { ALT: () => this.SUBRULE3(this.attributeBlock) },
      ]),
    );
  });

  private entityName = this.RULE('entityName', () => {
    this.OR([
      { ALT: () => this.CONSUME(t.QuotedName) },
      { ALT: () => this.CONSUME(t.Name) },
      { ALT: () => this.CONSUME(t.WholeNumber) },
      { ALT: () => this.CONSUME(t.DecimalNumber) },
      { ALT: () => this.CONSUME(t.One) },
    ]);
  });

  private alias = this.RULE('alias', () => {
    this.CONSUME(t.AliasOpen);
    this.SUBRULE(this.entityName);
    this.CONSUME(t.AliasClose);
  });

  private attributeBlock = this.RULE('attributeBlock', () => {
    this.CONSUME(t.BlockOpen);
    this.MANY(() => this.SUBRULE(this.attribute));
    this.CONSUME(t.BlockClose);
  });

  /** `type name [PK, FK] ["comment"]` */
  private attribute = this.RULE('attribute', () => {
    this.CONSUME(t.AttributeWord, { LABEL: 'type' });
    this.CONSUME2(t.AttributeWord, { LABEL: 'name' });
    this.OPTION(() => this.AT_LEAST_ONE_SEP({ SEP: t.KeyComma, DEF: () => this.CONSUME(t.Key) }));
    this.OPTION2(() => this.CONSUME(t.Comment));
  });

  /** `||--o{ OTHER : label`, the part after the first entity (and its classes). */
  private relationship = this.RULE('relationship', () => {
    this.CONSUME(t.Cardinality, { LABEL: 'fromCardinality' });
    this.CONSUME(t.RelationshipLine);
    this.CONSUME2(t.Cardinality, { LABEL: 'toCardinality' });
    this.SUBRULE(this.entityName, { LABEL: 'to' });
    this.OPTION(() => this.SUBRULE(this.classShorthand));
    this.CONSUME(t.Colon);
    this.OR([
      { ALT: () => this.CONSUME(t.QuotedText, { LABEL: 'label' }) },
      { ALT: () => this.CONSUME(t.QuotedName, { LABEL: 'label' }) },
      { ALT: () => this.CONSUME(t.Name, { LABEL: 'label' }) },
    ]);
  });
}

let builtParser: ErDiagramParser | undefined;

/**
 * Built on first use: the grammar analysis takes a tenth of a second, which a command that reads no
 * erDiagram (`--help`, a schema file) should not pay.
 */
function erParser(): ErDiagramParser {
  builtParser ??= new ErDiagramParser();
  return builtParser;
}

export function parseErTokens(tokens: IToken[]): BoundedParse<DiagramCstNode> {
  // The CST has the shape generateCstDts derives from this very grammar (checked by er.test.ts).
  const parser = erParser();
  const parse = parseBounded(parser, tokens, () => parser.diagram() as DiagramCstNode);
  for (const error of parse.errors) {
    if (error.message === UNEXPECTED_TOKEN) error.message = unexpectedTokenMessage(error.token, tokenBefore(tokens, error.token));
  }
  return parse;
}

/** The grammar, for `generateCstDts` (the typed CST in `cst.generated.ts`). */
export function erGrammarProductions(): ReturnType<ErDiagramParser['getGAstProductions']> {
  return erParser().getGAstProductions();
}

/** The grammar as Chevrotain serializes it, for the railroad diagrams of docs/reference/mermaid-grammar.md. */
export function erSerializedGrammar(): ReturnType<ErDiagramParser['getSerializedGastProductions']> {
  return erParser().getSerializedGastProductions();
}
