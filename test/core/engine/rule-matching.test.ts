import { expect } from 'chai';
import { simulatePolicy, type EngineRequest } from '../../../core/src/index.js';
import type { PolicyRule } from '../../../core/src/index.js';
import { aPolicy, aRequest, aRule, noon } from './support/builders.js';

const applies = (rule: PolicyRule, request: EngineRequest): boolean => simulatePolicy(aPolicy([rule]), request, noon).decision === 'allow';
const onIdentifier = (identifier: string): EngineRequest => aRequest({ resource: { type: 'database', identifier } });
const withAttributes = (attributes: Record<string, string | number | boolean | null>): EngineRequest => aRequest({ principal: { type: 'USER', attributes } });
const firstReason = (rule: PolicyRule, request: EngineRequest): string | undefined => simulatePolicy(aPolicy([rule]), request, noon).reasons[0];

describe('engine: which rules address a request', () => {
  describe('resource identifiers', () => {
    it('matches a trailing wildcard as a prefix: prod-* matches prod-db', () => {
      expect(applies(aRule({ resources: { type: 'database', identifiers: ['prod-*'] } }), onIdentifier('prod-db'))).to.equal(true);
    });

    it('does not match a prefix pattern in the middle of an identifier: prod-* does not match staging-prod-db', () => {
      expect(applies(aRule({ resources: { type: 'database', identifiers: ['prod-*'] } }), onIdentifier('staging-prod-db'))).to.equal(false);
    });

    it('matches the bare prefix itself: prod-* matches prod-', () => {
      expect(applies(aRule({ resources: { type: 'database', identifiers: ['prod-*'] } }), onIdentifier('prod-'))).to.equal(true);
    });

    it('matches everything with * alone, the empty identifier included', () => {
      const rule = aRule({ resources: { type: 'database', identifiers: ['*'] } });
      expect(applies(rule, onIdentifier('anything-at-all'))).to.equal(true);
      expect(applies(rule, onIdentifier(''))).to.equal(true);
    });

    it('matches an exact identifier only exactly, case included', () => {
      const rule = aRule({ resources: { type: 'database', identifiers: ['prod-db'] } });
      expect(applies(rule, onIdentifier('prod-db'))).to.equal(true);
      expect(applies(rule, onIdentifier('prod-db-2'))).to.equal(false);
      expect(applies(rule, onIdentifier('PROD-DB'))).to.equal(false);
    });

    it('treats a * that is not trailing as an ordinary character', () => {
      const rule = aRule({ resources: { type: 'database', identifiers: ['prod-*-db'] } });
      expect(applies(rule, onIdentifier('prod-*-db'))).to.equal(true);
      expect(applies(rule, onIdentifier('prod-eu-db'))).to.equal(false);
    });

    it('does not match another resource type with the same identifier', () => {
      expect(applies(aRule(), aRequest({ resource: { type: 'bucket', identifier: 'prod-db-1' } }))).to.equal(false);
    });
  });

  describe('actions', () => {
    it('does not apply to an action the rule does not list', () => {
      expect(applies(aRule({ actions: ['read', 'write'] }), aRequest({ action: 'admin' }))).to.equal(false);
    });

    it('applies to any listed action', () => {
      expect(applies(aRule({ actions: ['read', 'write'] }), aRequest({ action: 'write' }))).to.equal(true);
    });
  });

  describe('principals', () => {
    it('requires the principal type to be equal, case included', () => {
      expect(applies(aRule(), aRequest({ principal: { type: 'user' } }))).to.equal(false);
      expect(firstReason(aRule(), aRequest({ principal: { type: 'SERVICE' } }))).to.equal(
        'rule 0 of policy db-read-access did not apply: principal type "SERVICE" is not "USER"',
      );
    });

    it('applies when every named attribute has an accepted value', () => {
      const rule = aRule({ principals: { type: 'USER', attributes: { department: ['engineering', 'data'], region: ['eu'] } } });
      expect(applies(rule, withAttributes({ department: 'data', region: 'eu', extra: 'ignored' }))).to.equal(true);
    });

    it('does not apply when an attribute is missing, and says which', () => {
      const rule = aRule({ principals: { type: 'USER', attributes: { department: ['engineering'] } } });
      expect(applies(rule, withAttributes({}))).to.equal(false);
      expect(firstReason(rule, withAttributes({}))).to.include('principal attribute department missing');
    });

    it('counts an attribute whose value is null as missing', () => {
      const rule = aRule({ principals: { type: 'USER', attributes: { department: ['null'] } } });
      expect(applies(rule, withAttributes({ department: null }))).to.equal(false);
    });

    it('does not apply when the value is not accepted, and lists what is', () => {
      const rule = aRule({ principals: { type: 'USER', attributes: { department: ['engineering', 'data'] } } });
      expect(firstReason(rule, withAttributes({ department: 'sales' }))).to.include('principal attribute department "sales" is not one of [engineering, data]');
    });

    it('compares numeric and boolean attribute values as strings', () => {
      const rule = aRule({ principals: { type: 'USER', attributes: { clearance: ['3'], contractor: ['false'] } } });
      expect(applies(rule, withAttributes({ clearance: 3, contractor: false }))).to.equal(true);
      expect(applies(rule, withAttributes({ clearance: 3.5, contractor: false }))).to.equal(false);
    });

    it('does not find attributes on the prototype: an attribute named constructor is missing unless given', () => {
      const rule = aRule({ principals: { type: 'USER', attributes: { constructor: ['function Object() { [native code] }'] } } });
      expect(applies(rule, withAttributes({}))).to.equal(false);
    });
  });
});
