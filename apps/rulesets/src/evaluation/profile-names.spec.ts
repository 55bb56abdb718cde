import { unknownNames } from './profile-names';

const PROFILE = `#%Validation Profile 1.0
profile: Names
violation:
  - ids
  - paths
validations:
  ids:
    message: Ids.
    targetClas: apiContract.Operation
    propertyConstraints:
      core.name:
        minCont: 1
        patern: ^[a-z]+$
        sizeLimit: 3
  paths:
    message: Paths.
    targetClass: apiContract.EndPoint
    or:
      - propertyConstraints:
          apiContract.path:
            maxLenght: 10
      - not:
          propertyConstraints:
            apiContract.path:
              nested:
                propertyConstraints:
                  core.name:
                    minCount: 1
                    inn: [a]
`;

describe('unknownNames', () => {
  it('names each unknown key and constraint of the given validations with its line and the nearest valid name', () => {
    expect(unknownNames(PROFILE, ['ids', 'paths'])).toEqual([
      { rule: 'ids', name: 'targetClas', kind: 'key', line: 9, nearest: 'targetClass' },
      { rule: 'ids', name: 'minCont', kind: 'constraint', line: 12, nearest: 'minCount' },
      { rule: 'ids', name: 'patern', kind: 'constraint', line: 13, nearest: 'pattern' },
      { rule: 'ids', name: 'sizeLimit', kind: 'constraint', line: 14, nearest: null },
      { rule: 'paths', name: 'maxLenght', kind: 'constraint', line: 21, nearest: 'maxLength' },
      { rule: 'paths', name: 'inn', kind: 'constraint', line: 29, nearest: 'in' },
    ]);
  });

  it('reads only the validations it is asked about, and nothing of a profile that is not YAML', () => {
    expect(unknownNames(PROFILE, ['paths']).map((n) => n.name)).toEqual(['maxLenght', 'inn']);
    expect(unknownNames('validations: [1, 2\n', ['ids'])).toEqual([]);
  });
});
