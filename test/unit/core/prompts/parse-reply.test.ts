import { describe, expect, test } from 'vitest';
import {
  parseClausesReply,
  parseIndexReply,
  parseRewardReply,
  parseScoreReply,
  ReplyParseError,
} from '../../../../src/core/prompts/parse-reply.ts';

function parseError(fn: () => unknown): ReplyParseError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ReplyParseError) return error;
    throw error;
  }
  throw new Error('expected a ReplyParseError');
}

describe('parseRewardReply', () => {
  test('an empty reply or one without delimiters is an error with feedback for the LLM', () => {
    for (const text of ['', 'I cannot help with that.', 'state * agent_feats[11]']) {
      const e = parseError(() => parseRewardReply(text));
      expect(e.message).toBe('the reply holds no reward function between $$$ and $$$');
      expect(e.feedback).toMatch(/between triple \$ signs/);
    }
  });

  test('an empty pair is an error, not an empty reward', () => {
    expect(parseError(() => parseRewardReply('$$$   $$$')).message).toMatch(/empty/);
  });

  test('takes the last complete pair, ignoring an unfinished trailing one', () => {
    const text = 'Example: $$$ state $$$\nMy answer: $$$ state * (1 + agent_feats[11]) $$$ and then $$$ state * 9';
    expect(parseRewardReply(text).expression).toBe('state * (1 + agent_feats[11])');
  });

  test("the paper's example response gives the code and the rationale", () => {
    const text =
      'Python Code: $$$ state * 0.1 + 2 * state * (agent_feats[11] and\nagent_feats[42]) $$$\nExplanation: %%%This ' +
      'function gives higher rewards.%%%';
    expect(parseRewardReply(text)).toEqual({
      expression: 'state * 0.1 + 2 * state * (agent_feats[11] and agent_feats[42])',
      explanation: 'This function gives higher rewards.',
    });
  });

  test('tolerates code fences inside and outside the delimiters, a leading return and a trailing semicolon', () => {
    expect(parseRewardReply('```python\n$$$ state * 2 $$$\n```').expression).toBe('state * 2');
    expect(parseRewardReply('$$$\n```python\nreturn state * agent_feats[7];\n```\n$$$').expression).toBe(
      'state * agent_feats[7]',
    );
    expect(parseRewardReply('$$$`state + 1`$$$').expression).toBe('state + 1');
  });

  test('the rationale is optional', () => {
    expect(parseRewardReply('$$$ state $$$').explanation).toBeNull();
  });

  test('reads the structured form, with or without delimiters inside its field', () => {
    expect(parseRewardReply('{"reward": "$$$ state * 3 $$$", "explanation": "why"}')).toEqual({
      expression: 'state * 3',
      explanation: 'why',
    });
    expect(parseRewardReply('```json\n{"reward": "state * 3", "explanation": "%%%why%%%"}\n```')).toEqual({
      expression: 'state * 3',
      explanation: 'why',
    });
  });

  test('a JSON reply without a reward falls back to the delimiters', () => {
    expect(() => parseRewardReply('{"answer": 1}')).toThrow(ReplyParseError);
  });
});

describe('parseIndexReply', () => {
  test('reads the fixed sentence with or without brackets, quotes or markdown', () => {
    expect(parseIndexReply('The best reward function is at index: 1', 2)).toBe(1);
    expect(parseIndexReply("Analysis...\n'The best reward function is at index: [0]'.", 2)).toBe(0);
    expect(parseIndexReply('**The best reward function is at index:** 2', 3)).toBe(2);
    expect(parseIndexReply('the BEST reward function is at index 1.', 3)).toBe(1);
  });

  test('takes the last sentence when the reply restates the format first', () => {
    expect(
      parseIndexReply(
        'Format: The best reward function is at index: [0]. ... The best reward function is at index: 2',
        3,
      ),
    ).toBe(2);
  });

  test('an index out of range is an error, never a silent default', () => {
    const e = parseError(() => parseIndexReply('The best reward function is at index: 3', 3));
    expect(e.message).toBe('the reply names index 3, but there are 3 candidates (0 to 2)');
    expect(e.feedback).toBe(
      'Index 3 is not one of the 3 reward functions shown. Answer exactly: The best reward function is at index: ' +
        '[INDEX], with INDEX from 0 to 2.',
    );
    expect(() => parseIndexReply('The best reward function is at index: -1', 3)).toThrow(/index -1/);
    expect(() => parseIndexReply('{"analysis": "", "best_index": 7}', 3)).toThrow(/index 7/);
  });

  test('a reply naming no index is an error; a looser "index N" or a bare number is read', () => {
    expect(() => parseIndexReply('Both look good.', 3)).toThrow(/does not name the best index/);
    expect(parseIndexReply('Index 1 looks best.', 3)).toBe(1);
    expect(parseIndexReply(' 2\n', 3)).toBe(2);
  });

  test('reads the structured form', () => {
    expect(parseIndexReply('{"analysis": "older", "best_index": 1}', 2)).toBe(1);
    expect(parseIndexReply('{"analysis": "older", "best_index": "0"}', 2)).toBe(0);
  });
});

describe('parseScoreReply', () => {
  test('reads the last Score line, with markdown or brackets', () => {
    expect(parseScoreReply('Reasoning.\nScore: 4')).toBe(4);
    expect(parseScoreReply('**Score:** [5]')).toBe(5);
    expect(parseScoreReply('Score: 2 at first, but on reflection\nScore: 3')).toBe(3);
    expect(parseScoreReply('{"reasoning": "", "score": 1}')).toBe(1);
  });

  test('a score outside 1-5 or not whole is an error', () => {
    expect(() => parseScoreReply('Score: 0')).toThrow('the score 0 is not a whole number from 1 to 5');
    expect(() => parseScoreReply('Score: 6')).toThrow(ReplyParseError);
    expect(() => parseScoreReply('Score: 3.5')).toThrow(/3.5/);
    expect(() => parseScoreReply('I would rate it highly.')).toThrow(/no "Score: N" line/);
  });
});

describe('parseClausesReply', () => {
  test('reads "Clause N:" lines, numbered lists and the structured form', () => {
    expect(parseClausesReply('Clause 1: Prioritize older mothers\nClause 2: Prioritize low income')).toEqual([
      'Prioritize older mothers',
      'Prioritize low income',
    ]);
    expect(parseClausesReply('Here you go:\n1. A\n2) B\n- 3: C')).toEqual(['A', 'B', 'C']);
    expect(parseClausesReply('{"clauses": ["A", " ", "B"]}')).toEqual(['A', 'B']);
  });

  test('a reply without clauses is an error', () => {
    expect(() => parseClausesReply('Sure!')).toThrow(ReplyParseError);
  });
});
