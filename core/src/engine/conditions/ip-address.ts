import { ipInBlock, parseIpAddress, parseIpBlock, showIpAddress, type IpBlock } from '../ip-address.js';
import { alwaysUnknown, contextValue, outcome, showValue, unknown, type PreparedCondition } from './condition.js';

const BLOCKS_SHOWN = 5;

/**
 * `ip_address` / `in_cidr` and `not_in_cidr` [blocks]: context.ip_address is (or is not) within one of
 * the blocks. Missing, or not an address in a strict form (ip-address.ts): unknown, for both.
 */
export function prepareIpAddress(operator: 'in_cidr' | 'not_in_cidr'): (value: unknown) => PreparedCondition {
  return (value) => {
    if (!Array.isArray(value) || value.length === 0) return alwaysUnknown(`ip_address ${operator} needs a list of CIDR blocks, not ${showValue(value)}`);
    const blocks: IpBlock[] = [];
    for (const text of value) {
      const block = parseIpBlock(text);
      if (block === undefined) return alwaysUnknown(`ip_address ${operator}: ${showValue(text)} is not a CIDR block`);
      blocks.push(block);
    }
    const shown =
      blocks.length > BLOCKS_SHOWN
        ? `${blocks
            .slice(0, BLOCKS_SHOWN)
            .map((block) => block.text)
            .join(', ')}, … (${blocks.length} in all)`
        : blocks.map((block) => block.text).join(', ');
    const notIn = ` not in [${shown}]`;
    const inBlock = blocks.map((block) => ` in ${block.text}`);
    return (request) => {
      const text = contextValue(request, 'ip_address');
      if (text === undefined || text === null) return unknown('ip_address missing from context');
      const address = parseIpAddress(text);
      if (address === undefined) return unknown(`ip_address ${showValue(text)} in context is not an IP address`);
      const within = blocks.findIndex((block) => ipInBlock(address, block));
      const holds = operator === 'in_cidr' ? within !== -1 : within === -1;
      return outcome(holds, `ip_address ${showIpAddress(address)}${within === -1 ? notIn : inBlock[within]!}`);
    };
  };
}
