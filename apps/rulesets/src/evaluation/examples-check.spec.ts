import { aliasNestedSpecification, OPERATION_IDS } from '@pc/testing';
import type { EvaluatorTask } from './engine/evaluation.worker';
import { checkExamples, profileTask } from './examples-check';

describe("a ruleset's examples checked at validation", () => {
  it('reports an example whose YAML aliases stand for too many nodes, naming the limit, without running the engine on it', async () => {
    const ran: EvaluatorTask[] = [];
    const outcome = await checkExamples(
      (task) => {
        ran.push(task);
        return Promise.resolve({
          kind: 'evaluated',
          format: 'OAS 3.0',
          model: '',
          parsed: true,
          reports: [],
        });
      },
      profileTask(OPERATION_IDS),
      ['operation-id-required'],
      {
        conforming: [{ path: 'examples/conforming/nested.yaml', text: aliasNestedSpecification(6, 10) }],
        nonConforming: [],
      },
    );
    expect(ran).toEqual([]);
    expect(outcome.passed).toBe(false);
    expect(outcome.errors).toEqual([
      expect.stringMatching(
        /^examples\/conforming\/nested\.yaml: the example cannot be evaluated: its YAML aliases stand for more than 5000 nodes/,
      ),
    ]);
  });
});
