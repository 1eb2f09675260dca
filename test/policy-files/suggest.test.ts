import { expect } from 'chai';
import { editDistance, nearestName } from '../../kit/src/index.js';

describe('field name suggestions', () => {
  it('counts a swap of two adjacent letters as one edit (acitons → actions)', () => {
    expect(editDistance('acitons', 'actions')).to.equal(1);
    expect(editDistance('stauts', 'status')).to.equal(1);
  });

  it('counts insertions, deletions and substitutions as one edit each', () => {
    expect(editDistance('efect', 'effect')).to.equal(1);
    expect(editDistance('principal', 'principals')).to.equal(1);
    expect(editDistance('resourses', 'resources')).to.equal(1);
    expect(editDistance('', 'abc')).to.equal(3);
    expect(editDistance('same', 'same')).to.equal(0);
  });

  it('suggests the nearest candidate within a third of the word length', () => {
    const ruleFields = ['effect', 'principals', 'resources', 'actions', 'conditions'];
    expect(nearestName('acitons', ruleFields)).to.equal('actions');
    expect(nearestName('condtions', ruleFields)).to.equal('conditions');
    expect(nearestName('colour', ruleFields)).to.equal(undefined);
  });

  it('ignores case when measuring, but never suggests the word itself', () => {
    expect(nearestName('Actions', ['actions'])).to.equal('actions');
    expect(nearestName('actions', ['actions'])).to.equal(undefined);
  });

  it('prefers the earlier candidate on a tie', () => {
    expect(nearestName('tag', ['tab', 'tap'])).to.equal('tab');
  });
});
