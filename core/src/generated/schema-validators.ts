// Generated from schemas/ by `npm run gen:types` (scripts/schema-validators.ts). Do not edit by hand.
// @ts-nocheck
/* eslint-disable */
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import * as equalModule from 'ajv/dist/runtime/equal.js';
import { schemaFormats } from '../schemas/formats.js';

// Ajv's runtime helpers are CommonJS modules that export `default`: Node's ESM loader and the CLI's
// bundle give their exports object as the default, a CommonJS transform of this file (tsx under
// mocha) gives that `default` itself. Either way, this is the helper.
const commonJsDefault = (namespace) => (namespace.default?.__esModule ? namespace.default : namespace).default;

export const acctlConfig = validate20;
const schema31 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/acctl-config.json","title":"AcctlConfig","description":"acctl.yaml, the optional configuration of a policy repository (docs/policy-files.md). Every field is optional.","type":"object","properties":{"$schema":{"type":"string","description":"Ignored; lets the file name its schema for editors."},"server":{"type":"string","format":"uri","pattern":"^https?://","maxLength":2000,"description":"URL of the acctl server the policies are applied to (when no environment is chosen)."},"owner":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[^\\u0000-\\u001f]+$","description":"Ownership label: the team or repository that owns these policies. `acctl policy apply` writes it into each policy's metadata.managed_by, and `--prune` deletes only policies carrying it."},"files":{"type":"array","items":{"type":"string","minLength":1,"maxLength":500},"minItems":1,"maxItems":100,"description":"Globs (relative to this file's folder; `*`, `**`, `?`, `{a,b}`) of the policy and test files. A name ending in .test.yaml or .test.yml is a test file. Default: **/*.yaml and **/*.yml. A glob starting with ! excludes."},"environments":{"type":"object","description":"Per-environment settings, by environment name (e.g. staging, production).","maxProperties":50,"propertyNames":{"pattern":"^[a-z][a-z0-9_-]{0,62}$"},"additionalProperties":{"type":"object","properties":{"server":{"type":"string","format":"uri","pattern":"^https?://","maxLength":2000,"description":"URL of this environment's acctl server."},"values":{"type":"object","description":"Free values for this environment (names to strings, numbers or booleans), read by the commands that talk to a server.","maxProperties":100,"additionalProperties":{"type":["string","number","boolean"]}}},"additionalProperties":false}}},"additionalProperties":false};
const formats0 = schemaFormats.uri;
const func1 = commonJsDefault(ucs2lengthModule);
const pattern4 = new RegExp("^https?://", "u");
const pattern5 = new RegExp("^[^\\u0000-\\u001f]+$", "u");
const pattern6 = new RegExp("^[a-z][a-z0-9_-]{0,62}$", "u");

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/acctl-config.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate20.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
for(const key0 in data){
if(!(((((key0 === "$schema") || (key0 === "server")) || (key0 === "owner")) || (key0 === "files")) || (key0 === "environments"))){
const err0 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
}
if(data.$schema !== undefined){
if(typeof data.$schema !== "string"){
const err1 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.server !== undefined){
let data1 = data.server;
if(typeof data1 === "string"){
if(func1(data1) > 2000){
const err2 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(!pattern4.test(data1)){
const err3 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(!(formats0(data1))){
const err4 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.owner !== undefined){
let data2 = data.owner;
if(typeof data2 === "string"){
if(func1(data2) > 200){
const err6 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func1(data2) < 1){
const err7 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern5.test(data2)){
const err8 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/pattern",keyword:"pattern",params:{pattern: "^[^\\u0000-\\u001f]+$"},message:"must match pattern \""+"^[^\\u0000-\\u001f]+$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.files !== undefined){
let data3 = data.files;
if(Array.isArray(data3)){
if(data3.length > 100){
const err10 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data3.length < 1){
const err11 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(typeof data4 === "string"){
if(func1(data4) > 500){
const err12 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func1(data4) < 1){
const err13 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
else {
const err14 = {instancePath:instancePath+"/files/" + i0,schemaPath:"#/properties/files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.environments !== undefined){
let data5 = data.environments;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(Object.keys(data5).length > 50){
const err16 = {instancePath:instancePath+"/environments",schemaPath:"#/properties/environments/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key1 in data5){
const _errs14 = errors;
if(typeof key1 === "string"){
if(!pattern6.test(key1)){
const err17 = {instancePath:instancePath+"/environments",schemaPath:"#/properties/environments/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9_-]{0,62}$"},message:"must match pattern \""+"^[a-z][a-z0-9_-]{0,62}$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
var valid3 = _errs14 === errors;
if(!valid3){
const err18 = {instancePath:instancePath+"/environments",schemaPath:"#/properties/environments/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
for(const key2 in data5){
let data6 = data5[key2];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
for(const key3 in data6){
if(!((key3 === "server") || (key3 === "values"))){
const err19 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/environments/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.server !== undefined){
let data7 = data6.server;
if(typeof data7 === "string"){
if(func1(data7) > 2000){
const err20 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/server",schemaPath:"#/properties/environments/additionalProperties/properties/server/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(!pattern4.test(data7)){
const err21 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/server",schemaPath:"#/properties/environments/additionalProperties/properties/server/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(!(formats0(data7))){
const err22 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/server",schemaPath:"#/properties/environments/additionalProperties/properties/server/format",keyword:"format",params:{format: "uri"},message:"must match format \""+"uri"+"\""};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
else {
const err23 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/server",schemaPath:"#/properties/environments/additionalProperties/properties/server/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.values !== undefined){
let data8 = data6.values;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(Object.keys(data8).length > 100){
const err24 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/values",schemaPath:"#/properties/environments/additionalProperties/properties/values/maxProperties",keyword:"maxProperties",params:{limit: 100},message:"must NOT have more than 100 properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
for(const key4 in data8){
let data9 = data8[key4];
if(((typeof data9 !== "string") && (!((typeof data9 == "number") && (isFinite(data9))))) && (typeof data9 !== "boolean")){
const err25 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/values/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/environments/additionalProperties/properties/values/additionalProperties/type",keyword:"type",params:{type: schema31.properties.environments.additionalProperties.properties.values.additionalProperties.type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/values",schemaPath:"#/properties/environments/additionalProperties/properties/values/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/environments/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/environments/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath:instancePath+"/environments",schemaPath:"#/properties/environments/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
else {
const err29 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}
validate20.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const cliPolicyPlanFile = validate21;
const schema32 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/cli/policy-plan-file.json","title":"CliPolicyPlanFile","description":"A plan saved by acctl policy plan --out, which acctl policy apply PLAN.json carries out (plan --json prints this with format_version, --out writes it without; each change's content is the policy as it will be written, the body of POST/PUT /v1/policies with the server's defaults filled in). apply checks a file against this schema, then that it agrees with itself (cli/src/gitops/saved-plan.ts), before it reads the server.","type":"object","required":["format","server","owner","prune","created_at","changes","summary"],"additionalProperties":false,"$defs":{"summary":{"title":"CliPlanSummary","type":"object","required":["create","update","delete","unchanged","drifted","orphaned","blocked"],"additionalProperties":false,"properties":{"create":{"type":"integer","minimum":0},"update":{"type":"integer","minimum":0},"delete":{"type":"integer","minimum":0},"unchanged":{"type":"integer","minimum":0},"drifted":{"type":"integer","minimum":0},"orphaned":{"type":"integer","minimum":0},"blocked":{"type":"integer","minimum":0}}},"diffEntry":{"title":"CliPolicyDiffEntry","type":"object","required":["path","kind","text"],"additionalProperties":false,"properties":{"path":{"type":"string","description":"Where, JSON-path-like and zero-based: `status`, `metadata.owner`, `rules[1].actions`, `rules[0].conditions[2].value`."},"kind":{"enum":["added","removed","changed"]},"text":{"type":"string","description":"The change in a sentence; rules are numbered from 0, as rule_index: rule 1 gains action `write`; rule 0 condition `risk_score <` 40 → 35."},"rule_index":{"type":"integer","minimum":0,"description":"The rule's zero-based index in the newer policy (in the older one for a removed rule), as the spec's rule_index."},"before":{"type":["string","number","boolean","array","object","null"],"description":"On a changed value (name, status, description, a metadata key, a rule's effect, principal or resource type, an attribute's accepted values, a condition's value): the value before, keys in canonical order."},"after":{"type":["string","number","boolean","array","object","null"],"description":"On a changed value: the value after, keys in canonical order."}}},"drift":{"title":"CliPlanDrift","type":"object","required":["updated_by","updated_at","version","reason"],"additionalProperties":false,"properties":{"updated_by":{"type":"string"},"updated_at":{"type":"string","format":"date-time"},"version":{"type":"integer","minimum":1},"reason":{"enum":["changed_since_apply","provenance_removed"]}}},"change":{"title":"CliPlanChange","oneOf":[{"type":"object","required":["name","file","line","col","action","content","content_hash"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"create"},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"restores":{"type":"object","description":"The deleted policy of this name and owner: apply restores it with this content (a change set's restore), keeping its id and history, instead of creating another.","required":["id","expected_version"],"additionalProperties":false,"properties":{"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1}}}}},{"type":"object","required":["name","file","line","col","action","id","expected_version","content","content_hash","diff"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"update"},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"diff":{"type":"array","items":{"$ref":"#/$defs/diffEntry"}},"drift":{"$ref":"#/$defs/drift"}}},{"type":"object","required":["name","file","line","col","action","id","version"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"unchanged"},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}},{"type":"object","required":["name","file","line","col","action","id","reason"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"blocked"},"id":{"type":"string","minLength":1},"reason":{"type":"string"}}},{"type":"object","required":["action","name","id","expected_version"],"additionalProperties":false,"properties":{"action":{"const":"delete"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1}}},{"type":"object","required":["action","name","id","version"],"additionalProperties":false,"properties":{"action":{"const":"orphaned"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}}]}},"properties":{"format_version":{"$ref":"format-version.json"},"format":{"const":1},"server":{"type":"string","description":"The API base URL the plan was made against: apply refuses another server.","minLength":1},"owner":{"type":["string","null"],"minLength":1,"description":"The repository's ownership label (acctl.yaml owner): what its updates write and the only label its deletes touch."},"prune":{"type":"boolean","description":"Made with --prune: only then may the plan delete."},"created_at":{"type":"string","format":"date-time"},"changes":{"type":"array","items":{"$ref":"#/$defs/change"}},"summary":{"$ref":"#/$defs/summary"}}};
const schema33 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/cli/format-version.json","title":"CliFormatVersion","description":"The version of the shape of the CLI's JSON documents (--json, --format json, the error object), first in each. It changes only when a field is removed or changes meaning; new fields do not change it. A string, as Terraform's format_version.","type":"string","const":"1"};
const schema66 = {"title":"CliPlanSummary","type":"object","required":["create","update","delete","unchanged","drifted","orphaned","blocked"],"additionalProperties":false,"properties":{"create":{"type":"integer","minimum":0},"update":{"type":"integer","minimum":0},"delete":{"type":"integer","minimum":0},"unchanged":{"type":"integer","minimum":0},"drifted":{"type":"integer","minimum":0},"orphaned":{"type":"integer","minimum":0},"blocked":{"type":"integer","minimum":0}}};
const formats4 = schemaFormats["date-time"];
const schema34 = {"title":"CliPlanChange","oneOf":[{"type":"object","required":["name","file","line","col","action","content","content_hash"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"create"},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"restores":{"type":"object","description":"The deleted policy of this name and owner: apply restores it with this content (a change set's restore), keeping its id and history, instead of creating another.","required":["id","expected_version"],"additionalProperties":false,"properties":{"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1}}}}},{"type":"object","required":["name","file","line","col","action","id","expected_version","content","content_hash","diff"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"update"},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"diff":{"type":"array","items":{"$ref":"#/$defs/diffEntry"}},"drift":{"$ref":"#/$defs/drift"}}},{"type":"object","required":["name","file","line","col","action","id","version"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"unchanged"},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}},{"type":"object","required":["name","file","line","col","action","id","reason"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"blocked"},"id":{"type":"string","minLength":1},"reason":{"type":"string"}}},{"type":"object","required":["action","name","id","expected_version"],"additionalProperties":false,"properties":{"action":{"const":"delete"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1}}},{"type":"object","required":["action","name","id","version"],"additionalProperties":false,"properties":{"action":{"const":"orphaned"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}}]};
const schema64 = {"title":"CliPolicyDiffEntry","type":"object","required":["path","kind","text"],"additionalProperties":false,"properties":{"path":{"type":"string","description":"Where, JSON-path-like and zero-based: `status`, `metadata.owner`, `rules[1].actions`, `rules[0].conditions[2].value`."},"kind":{"enum":["added","removed","changed"]},"text":{"type":"string","description":"The change in a sentence; rules are numbered from 0, as rule_index: rule 1 gains action `write`; rule 0 condition `risk_score <` 40 → 35."},"rule_index":{"type":"integer","minimum":0,"description":"The rule's zero-based index in the newer policy (in the older one for a removed rule), as the spec's rule_index."},"before":{"type":["string","number","boolean","array","object","null"],"description":"On a changed value (name, status, description, a metadata key, a rule's effect, principal or resource type, an attribute's accepted values, a condition's value): the value before, keys in canonical order."},"after":{"type":["string","number","boolean","array","object","null"],"description":"On a changed value: the value after, keys in canonical order."}}};
const schema65 = {"title":"CliPlanDrift","type":"object","required":["updated_by","updated_at","version","reason"],"additionalProperties":false,"properties":{"updated_by":{"type":"string"},"updated_at":{"type":"string","format":"date-time"},"version":{"type":"integer","minimum":1},"reason":{"enum":["changed_since_apply","provenance_removed"]}}};
const func88 = Object.prototype.hasOwnProperty;
const schema35 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-create-request.json","title":"PolicyCreateRequest","description":"Body of POST /policies. `name` and `rules` are required; `status` defaults to `draft` (not enforced until activated), `description` to the empty string, `metadata` to {}.","type":"object","required":["name","rules"],"properties":{"$schema":{"type":"string","description":"Ignored; lets policy files name their schema for editors."},"name":{"$ref":"name.json"},"description":{"type":"string","maxLength":2000},"status":{"enum":["draft","active","archived"]},"rules":{"type":"array","items":{"$ref":"policy-rule.json"},"maxItems":500},"metadata":{"$ref":"policy-metadata.json"}},"additionalProperties":false};
const schema36 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/name.json","title":"Name","description":"The one rule for the name of a principal, a policy, an OAuth client or an API token (core/src/names.ts says it in code; test/schemas/names.test.ts holds the two equal). Anchored on RFC 8264 (PRECIS) and UAX #31: 1 to 200 characters, no control, bidirectional or zero-width character, no spaces around it, not shaped like an id (a UUID), and in Unicode Normalization Form C (the nfc format; RFC 8265 section 3.4). A name not in NFC is refused, not rewritten.","type":"string","minLength":1,"maxLength":200,"format":"nfc","pattern":"^(?![0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$)[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029](?:[^\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029]*[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029])?$"};
const schema63 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-metadata.json","title":"PolicyMetadata","description":"Free-form (spec); the sample has `owner` (string) and `compliance` (array of string). `managed_by` is the ownership label `acctl policy apply` sets from acctl.yaml's `owner` (as Kubernetes' app.kubernetes.io/managed-by label), `provenance` what it records about each apply. Bounded in size.","type":"object","properties":{"owner":{"type":"string","maxLength":200},"compliance":{"type":"array","items":{"type":"string","maxLength":100},"maxItems":50},"managed_by":{"type":"string","maxLength":200,"description":"The ownership label of the policy repository that applies this policy: `acctl policy apply --prune` deletes only policies carrying its own."},"provenance":{"type":"object","description":"Where the version's content came from, written by whoever wrote the version: `acctl policy apply` (tool, commit, run_url, actor, source, content_hash, applied_at) or a rollback (tool `rollback`, actor, rolled_back_from, rolled_back_to, applied_at: the server writes it, so it never repeats the copied version's commit and apply time). Not part of content_hash.","properties":{"tool":{"type":"string","maxLength":100,"description":"What applied it, e.g. `acctl policy apply`."},"commit":{"type":"string","maxLength":100,"description":"The commit SHA of the policy repository."},"run_url":{"type":"string","maxLength":2000,"description":"The CI run that applied it."},"actor":{"type":"string","maxLength":200,"description":"Who triggered the apply (e.g. GITHUB_ACTOR)."},"source":{"type":"string","maxLength":500,"description":"The policy file, relative to the repository."},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"content_hash of what was applied: a live policy whose hash differs was changed on the server since (drift)."},"applied_at":{"type":"string","format":"date-time","description":"When the version was written (by apply, or by the rollback)."},"rolled_back_from":{"type":"integer","minimum":1,"description":"A rollback: the version the policy was at before it (the version it replaced)."},"rolled_back_to":{"type":"integer","minimum":1,"description":"A rollback: the earlier version whose content it wrote again."},"policy_set":{"type":"string","format":"uuid","description":"The change set (POST /policy-sets) that wrote this version; the server sets it, over any value sent."}},"additionalProperties":false,"maxProperties":20}},"maxProperties":100};
const formats6 = schemaFormats.nfc;
const formats18 = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const pattern8 = new RegExp("^(?![0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$)[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029](?:[^\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029]*[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029])?$", "u");
const pattern35 = new RegExp("^[0-9a-f]{64}$", "u");
const schema37 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-rule.json","title":"PolicyRule","description":"Spec, \"Rule\". A rule matches a request when the principal type equals, every named principal and resource attribute has an accepted value, the resource type equals and the identifier matches a pattern, the action is listed, and every condition holds. Any matching deny wins over allow; nothing matching is deny.","type":"object","required":["effect","principals","resources","actions"],"properties":{"effect":{"enum":["allow","deny"],"description":"The spec shows `allow`; `deny` rules override allows (as in Cerbos and AWS IAM)."},"principals":{"type":"object","required":["type"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Principal type, e.g. USER."},"attributes":{"type":"object","description":"Attribute name to the accepted values; the request's value must be one of them. A value the request lacks is unknown: an allow rule does not apply, a deny rule does.","maxProperties":50,"propertyNames":{"maxLength":100},"additionalProperties":{"type":"array","items":{"type":"string","maxLength":500},"minItems":1,"maxItems":1000}}},"additionalProperties":false},"resources":{"type":"object","required":["type","identifiers"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Resource type, e.g. database."},"identifiers":{"type":"array","description":"Identifier patterns: exact, or a prefix followed by `*` (a trailing wildcard).","items":{"type":"string","minLength":1,"maxLength":500},"minItems":1,"maxItems":1000},"attributes":{"type":"object","description":"Attribute name to the accepted values, as principals.attributes: the resource's value must be one of them (an array value: one of its items). A value the request lacks is unknown: an allow rule does not apply, a deny rule does.","maxProperties":50,"propertyNames":{"maxLength":100},"additionalProperties":{"type":"array","items":{"type":"string","maxLength":500},"minItems":1,"maxItems":1000}}},"additionalProperties":false},"actions":{"type":"array","items":{"type":"string","minLength":1,"maxLength":100},"minItems":1,"maxItems":100,"description":"e.g. read, write, admin."},"conditions":{"type":"array","items":{"$ref":"policy-condition.json"},"maxItems":20,"description":"All must hold. Absent or empty: no conditions."}},"additionalProperties":false};
const schema38 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-condition.json","title":"PolicyCondition","description":"Spec, \"Condition\" ({ type, operator, value }), extended where the spec says \"not shown\" (docs/policies.md lists the vocabulary). Every condition is true, false or unknown: a value the request lacks, or a value of the wrong kind, makes it unknown, and unknown is never permissive: an allow rule applies only when every condition is true, a deny rule unless some condition is false. `not` of unknown is unknown; `any_of` is true when one of its conditions is true, else unknown when one is unknown.","type":"object","required":["type"],"discriminator":{"propertyName":"type"},"oneOf":[{"title":"TimeCondition","description":"The request time: within a daily window (`between`, optionally on some days of the week), or before or after an instant (`before`, `after`). The time is always known: the engine's clock, or a simulation's context.timestamp.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"time"}},"discriminator":{"propertyName":"operator"},"oneOf":[{"title":"TimeBetweenCondition","description":"The request time, in `timezone`, is within the daily window [start, end), on one of `days` when they are given. An end before the start is a window across midnight, which belongs to the day it starts (Friday 22:00-06:00 holds until Saturday 06:00).","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"time"},"operator":{"const":"between"},"value":{"type":"object","required":["start","end","timezone"],"properties":{"start":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"HH:MM, 24-hour, inclusive."},"end":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"HH:MM, 24-hour, exclusive."},"timezone":{"type":"string","format":"iana-time-zone","maxLength":64,"description":"IANA time zone name, e.g. Europe/Berlin."},"days":{"type":"array","items":{"enum":["mon","tue","wed","thu","fri","sat","sun"]},"minItems":1,"maxItems":7,"uniqueItems":true,"description":"The days of the week (in `timezone`) on which the window opens; absent: every day."}},"additionalProperties":false}},"additionalProperties":false},{"title":"TimeBeforeCondition","description":"The request time is before the instant (exclusive): a grant that ends, such as break-glass access until Friday 18:00.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"time"},"operator":{"const":"before"},"value":{"type":"string","format":"date-time","maxLength":64,"description":"An RFC 3339 instant with its offset, e.g. 2026-12-04T18:00:00+01:00."}},"additionalProperties":false},{"title":"TimeAfterCondition","description":"The request time is at or after the instant: a grant that starts later.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"time"},"operator":{"const":"after"},"value":{"type":"string","format":"date-time","maxLength":64,"description":"An RFC 3339 instant with its offset, e.g. 2026-12-01T08:00:00Z."}},"additionalProperties":false}]},{"title":"RiskScoreCondition","description":"context.risk_score compared with `value`: less_than (<), less_than_or_equal (<=), greater_than (>), greater_than_or_equal (>=). Missing or not a number: unknown.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"risk_score"},"operator":{"enum":["less_than","less_than_or_equal","greater_than","greater_than_or_equal"]},"value":{"type":"number"}},"additionalProperties":false},{"title":"MfaVerifiedCondition","description":"context.mfa_verified (else the principal's mfa_verified attribute, a boolean or \"true\"/\"false\") equals `value`. Missing: unknown.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"mfa_verified"},"operator":{"const":"equals"},"value":{"type":"boolean"}},"additionalProperties":false},{"title":"DeviceTrustedCondition","description":"context.device_trusted equals `value`. Missing or not a boolean: unknown.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"device_trusted"},"operator":{"const":"equals"},"value":{"type":"boolean"}},"additionalProperties":false},{"title":"IpAddressCondition","description":"context.ip_address is (in_cidr) or is not (not_in_cidr) within one of the CIDR blocks, IPv4 or IPv6. An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is its IPv4 address. Missing or not an address: unknown.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"ip_address"},"operator":{"enum":["in_cidr","not_in_cidr"]},"value":{"type":"array","items":{"type":"string","format":"cidr","maxLength":64},"minItems":1,"maxItems":1000,"description":"CIDR blocks, e.g. 10.0.0.0/8, 2001:db8::/32; a bare address is its own block (/32, /128)."}},"additionalProperties":false},{"title":"AttributeCondition","description":"Compares a value of the request (`attribute`, a path) with a literal or another value of the request (`to`). equals, not_equals: same kind (string, number, boolean); in, not_in: one of a list; contains: an array holds the value; starts_with, ends_with: strings; greater_than, greater_than_or_equal, less_than, less_than_or_equal: numbers; exists, not_exists: the request carries a value at the path (`to` omitted), never unknown. A missing value or a value of the wrong kind makes the condition unknown.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"attribute"}},"discriminator":{"propertyName":"operator"},"oneOf":[{"title":"AttributeEqualityCondition","description":"equals, not_equals: `attribute` and `to` are of one kind (string, number, boolean) and equal, or not; contains: `attribute` is a list holding `to`.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"attribute"},"operator":{"enum":["equals","not_equals","contains"]},"value":{"type":"object","required":["attribute","to"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"},"to":{"anyOf":[{"type":["string","number","boolean"],"maxLength":1000},{"type":"object","required":["attribute"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"}},"additionalProperties":false,"description":"Another value of the request."}]}},"additionalProperties":false}},"additionalProperties":false},{"title":"AttributeMembershipCondition","description":"in, not_in: `attribute` is (or is not) one of the values of `to`, a list.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"attribute"},"operator":{"enum":["in","not_in"]},"value":{"type":"object","required":["attribute","to"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"},"to":{"anyOf":[{"type":"array","items":{"type":["string","number","boolean"],"maxLength":1000},"minItems":1,"maxItems":1000},{"type":"object","required":["attribute"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"}},"additionalProperties":false,"description":"Another value of the request."}]}},"additionalProperties":false}},"additionalProperties":false},{"title":"AttributeTextCondition","description":"starts_with, ends_with: both strings.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"attribute"},"operator":{"enum":["starts_with","ends_with"]},"value":{"type":"object","required":["attribute","to"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"},"to":{"anyOf":[{"type":"string","maxLength":1000},{"type":"object","required":["attribute"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"}},"additionalProperties":false,"description":"Another value of the request."}]}},"additionalProperties":false}},"additionalProperties":false},{"title":"AttributeNumberCondition","description":"greater_than, greater_than_or_equal, less_than, less_than_or_equal: both numbers.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"attribute"},"operator":{"enum":["greater_than","greater_than_or_equal","less_than","less_than_or_equal"]},"value":{"type":"object","required":["attribute","to"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"},"to":{"anyOf":[{"type":"number"},{"type":"object","required":["attribute"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"}},"additionalProperties":false,"description":"Another value of the request."}]}},"additionalProperties":false}},"additionalProperties":false},{"title":"AttributePresenceCondition","description":"exists, not_exists: the request carries a value at the path (null counts as none), or not. Never unknown.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"attribute"},"operator":{"enum":["exists","not_exists"]},"value":{"type":"object","required":["attribute"],"properties":{"attribute":{"$ref":"policy-attribute-path.json"}},"additionalProperties":false}},"additionalProperties":false}]},{"title":"AnyOfCondition","description":"At least one of the conditions holds (true when one is true; else unknown when one is unknown). `operator` may be omitted.","type":"object","required":["type","value"],"properties":{"type":{"const":"any_of"},"operator":{"const":"any_of"},"value":{"type":"array","items":{"$ref":"policy-condition.json"},"minItems":1,"maxItems":20}},"additionalProperties":false},{"title":"NotCondition","description":"The condition does not hold (true when it is false; unknown stays unknown). `operator` may be omitted.","type":"object","required":["type","value"],"properties":{"type":{"const":"not"},"operator":{"const":"not"},"value":{"$ref":"policy-condition.json"}},"additionalProperties":false}]};
const schema39 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-attribute-path.json","title":"PolicyAttributePath","description":"A value of the request an `attribute` condition reads: `principal.id`, `principal.type`, `principal.attributes.NAME`, `resource.type`, `resource.identifier`, `resource.attributes.NAME` or `context.NAME` (NAME is the rest of the path, dots included); `context.delegation` is reserved for its fields `context.delegation.depth`, `.actors`, `.actor_types`, `.subject` and `.verified` (request-delegation.json). A value the request lacks is unknown (policy-condition.json).","type":"string","minLength":1,"maxLength":200,"pattern":"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"};
const pattern9 = new RegExp("^([01][0-9]|2[0-3]):[0-5][0-9]$", "u");
const pattern11 = new RegExp("^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$", "u");
const formats8 = schemaFormats["iana-time-zone"];
const formats14 = schemaFormats.cidr;
const func0 = commonJsDefault(equalModule);
const wrapper0 = {validate: validate25};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-condition.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate25.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
const tag0 = data.type;
if(typeof tag0 == "string"){
if(tag0 === "time"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err1 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.operator === undefined){
const err2 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.value === undefined){
const err3 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.type !== undefined){
if("time" !== data.type){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "time"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
const tag1 = data.operator;
if(typeof tag1 == "string"){
if(tag1 === "between"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err5 = {instancePath,schemaPath:"#/oneOf/0/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.operator === undefined){
const err6 = {instancePath,schemaPath:"#/oneOf/0/oneOf/0/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.value === undefined){
const err7 = {instancePath,schemaPath:"#/oneOf/0/oneOf/0/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "type") || (key0 === "operator")) || (key0 === "value"))){
const err8 = {instancePath,schemaPath:"#/oneOf/0/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.type !== undefined){
if("time" !== data.type){
const err9 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/0/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "time"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.operator !== undefined){
if("between" !== data.operator){
const err10 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/0/oneOf/0/properties/operator/const",keyword:"const",params:{allowedValue: "between"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.value !== undefined){
let data3 = data.value;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.start === undefined){
const err11 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "start"},message:"must have required property '"+"start"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data3.end === undefined){
const err12 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "end"},message:"must have required property '"+"end"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data3.timezone === undefined){
const err13 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "timezone"},message:"must have required property '"+"timezone"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
for(const key1 in data3){
if(!((((key1 === "start") || (key1 === "end")) || (key1 === "timezone")) || (key1 === "days"))){
const err14 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/0/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data3.start !== undefined){
let data4 = data3.start;
if(typeof data4 === "string"){
if(!pattern9.test(data4)){
const err15 = {instancePath:instancePath+"/value/start",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/start/pattern",keyword:"pattern",params:{pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$"},message:"must match pattern \""+"^([01][0-9]|2[0-3]):[0-5][0-9]$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/value/start",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/start/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data3.end !== undefined){
let data5 = data3.end;
if(typeof data5 === "string"){
if(!pattern9.test(data5)){
const err17 = {instancePath:instancePath+"/value/end",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/end/pattern",keyword:"pattern",params:{pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$"},message:"must match pattern \""+"^([01][0-9]|2[0-3]):[0-5][0-9]$"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/value/end",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/end/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data3.timezone !== undefined){
let data6 = data3.timezone;
if(typeof data6 === "string"){
if(func1(data6) > 64){
const err19 = {instancePath:instancePath+"/value/timezone",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/timezone/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(!(formats8.validate(data6))){
const err20 = {instancePath:instancePath+"/value/timezone",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/timezone/format",keyword:"format",params:{format: "iana-time-zone"},message:"must match format \""+"iana-time-zone"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
else {
const err21 = {instancePath:instancePath+"/value/timezone",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/timezone/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data3.days !== undefined){
let data7 = data3.days;
if(Array.isArray(data7)){
if(data7.length > 7){
const err22 = {instancePath:instancePath+"/value/days",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/days/maxItems",keyword:"maxItems",params:{limit: 7},message:"must NOT have more than 7 items"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data7.length < 1){
const err23 = {instancePath:instancePath+"/value/days",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/days/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
if(!(((((((data8 === "mon") || (data8 === "tue")) || (data8 === "wed")) || (data8 === "thu")) || (data8 === "fri")) || (data8 === "sat")) || (data8 === "sun"))){
const err24 = {instancePath:instancePath+"/value/days/" + i0,schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/days/items/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[0].oneOf[0].properties.value.properties.days.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
let i1 = data7.length;
let j0;
if(i1 > 1){
outer0:
for(;i1--;){
for(j0 = i1; j0--;){
if(func0(data7[i1], data7[j0])){
const err25 = {instancePath:instancePath+"/value/days",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/days/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err26 = {instancePath:instancePath+"/value/days",schemaPath:"#/oneOf/0/oneOf/0/properties/value/properties/days/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
}
else {
const err27 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/0/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath,schemaPath:"#/oneOf/0/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var props0 = true;
}
else if(tag1 === "before"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err29 = {instancePath,schemaPath:"#/oneOf/0/oneOf/1/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data.operator === undefined){
const err30 = {instancePath,schemaPath:"#/oneOf/0/oneOf/1/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data.value === undefined){
const err31 = {instancePath,schemaPath:"#/oneOf/0/oneOf/1/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key2 in data){
if(!(((key2 === "type") || (key2 === "operator")) || (key2 === "value"))){
const err32 = {instancePath,schemaPath:"#/oneOf/0/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.type !== undefined){
if("time" !== data.type){
const err33 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/0/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "time"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.operator !== undefined){
if("before" !== data.operator){
const err34 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/0/oneOf/1/properties/operator/const",keyword:"const",params:{allowedValue: "before"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.value !== undefined){
let data11 = data.value;
if(typeof data11 === "string"){
if(func1(data11) > 64){
const err35 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/1/properties/value/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(!(formats4.validate(data11))){
const err36 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/1/properties/value/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
else {
const err37 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/1/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath,schemaPath:"#/oneOf/0/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag1 === "after"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err39 = {instancePath,schemaPath:"#/oneOf/0/oneOf/2/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data.operator === undefined){
const err40 = {instancePath,schemaPath:"#/oneOf/0/oneOf/2/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data.value === undefined){
const err41 = {instancePath,schemaPath:"#/oneOf/0/oneOf/2/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key3 in data){
if(!(((key3 === "type") || (key3 === "operator")) || (key3 === "value"))){
const err42 = {instancePath,schemaPath:"#/oneOf/0/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.type !== undefined){
if("time" !== data.type){
const err43 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/0/oneOf/2/properties/type/const",keyword:"const",params:{allowedValue: "time"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.operator !== undefined){
if("after" !== data.operator){
const err44 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/0/oneOf/2/properties/operator/const",keyword:"const",params:{allowedValue: "after"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.value !== undefined){
let data14 = data.value;
if(typeof data14 === "string"){
if(func1(data14) > 64){
const err45 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/2/properties/value/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(!(formats4.validate(data14))){
const err46 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/2/properties/value/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/0/oneOf/2/properties/value/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath,schemaPath:"#/oneOf/0/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else {
const err49 = {instancePath,schemaPath:"#/oneOf/0/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "operator", tagValue: tag1},message:"value of tag \"operator\" must be in oneOf"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath,schemaPath:"#/oneOf/0/discriminator",keyword:"discriminator",params:{error: "tag", tag: "operator", tagValue: tag1},message:"tag \"operator\" must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else if(tag0 === "risk_score"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err52 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data.operator === undefined){
const err53 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data.value === undefined){
const err54 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
for(const key4 in data){
if(!(((key4 === "type") || (key4 === "operator")) || (key4 === "value"))){
const err55 = {instancePath,schemaPath:"#/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data.type !== undefined){
if("risk_score" !== data.type){
const err56 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "risk_score"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.operator !== undefined){
let data16 = data.operator;
if(!((((data16 === "less_than") || (data16 === "less_than_or_equal")) || (data16 === "greater_than")) || (data16 === "greater_than_or_equal"))){
const err57 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/1/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[1].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.value !== undefined){
let data17 = data.value;
if(!((typeof data17 == "number") && (isFinite(data17)))){
const err58 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/1/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
else {
const err59 = {instancePath,schemaPath:"#/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "mfa_verified"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err60 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data.operator === undefined){
const err61 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data.value === undefined){
const err62 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
for(const key5 in data){
if(!(((key5 === "type") || (key5 === "operator")) || (key5 === "value"))){
const err63 = {instancePath,schemaPath:"#/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data.type !== undefined){
if("mfa_verified" !== data.type){
const err64 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/2/properties/type/const",keyword:"const",params:{allowedValue: "mfa_verified"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.operator !== undefined){
if("equals" !== data.operator){
const err65 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/2/properties/operator/const",keyword:"const",params:{allowedValue: "equals"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data.value !== undefined){
if(typeof data.value !== "boolean"){
const err66 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/2/properties/value/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
}
else {
const err67 = {instancePath,schemaPath:"#/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "device_trusted"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err68 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(data.operator === undefined){
const err69 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data.value === undefined){
const err70 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
for(const key6 in data){
if(!(((key6 === "type") || (key6 === "operator")) || (key6 === "value"))){
const err71 = {instancePath,schemaPath:"#/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data.type !== undefined){
if("device_trusted" !== data.type){
const err72 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/3/properties/type/const",keyword:"const",params:{allowedValue: "device_trusted"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data.operator !== undefined){
if("equals" !== data.operator){
const err73 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/3/properties/operator/const",keyword:"const",params:{allowedValue: "equals"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data.value !== undefined){
if(typeof data.value !== "boolean"){
const err74 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/3/properties/value/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
else {
const err75 = {instancePath,schemaPath:"#/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "ip_address"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err76 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(data.operator === undefined){
const err77 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
if(data.value === undefined){
const err78 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
for(const key7 in data){
if(!(((key7 === "type") || (key7 === "operator")) || (key7 === "value"))){
const err79 = {instancePath,schemaPath:"#/oneOf/4/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data.type !== undefined){
if("ip_address" !== data.type){
const err80 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/4/properties/type/const",keyword:"const",params:{allowedValue: "ip_address"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
if(data.operator !== undefined){
let data25 = data.operator;
if(!((data25 === "in_cidr") || (data25 === "not_in_cidr"))){
const err81 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/4/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[4].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data.value !== undefined){
let data26 = data.value;
if(Array.isArray(data26)){
if(data26.length > 1000){
const err82 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/4/properties/value/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if(data26.length < 1){
const err83 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/4/properties/value/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
const len1 = data26.length;
for(let i2=0; i2<len1; i2++){
let data27 = data26[i2];
if(typeof data27 === "string"){
if(func1(data27) > 64){
const err84 = {instancePath:instancePath+"/value/" + i2,schemaPath:"#/oneOf/4/properties/value/items/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if(!(formats14.validate(data27))){
const err85 = {instancePath:instancePath+"/value/" + i2,schemaPath:"#/oneOf/4/properties/value/items/format",keyword:"format",params:{format: "cidr"},message:"must match format \""+"cidr"+"\""};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
else {
const err86 = {instancePath:instancePath+"/value/" + i2,schemaPath:"#/oneOf/4/properties/value/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
}
else {
const err87 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/4/properties/value/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
}
else {
const err88 = {instancePath,schemaPath:"#/oneOf/4/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "attribute"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err89 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(data.operator === undefined){
const err90 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data.value === undefined){
const err91 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err92 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
const tag2 = data.operator;
if(typeof tag2 == "string"){
if(tag2 === "equals"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err93 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if(data.operator === undefined){
const err94 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if(data.value === undefined){
const err95 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
for(const key8 in data){
if(!(((key8 === "type") || (key8 === "operator")) || (key8 === "value"))){
const err96 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err97 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data.operator !== undefined){
let data30 = data.operator;
if(!(((data30 === "equals") || (data30 === "not_equals")) || (data30 === "contains"))){
const err98 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/0/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[0].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data.value !== undefined){
let data31 = data.value;
if(data31 && typeof data31 == "object" && !Array.isArray(data31)){
if(data31.attribute === undefined){
const err99 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
if(data31.to === undefined){
const err100 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
for(const key9 in data31){
if(!((key9 === "attribute") || (key9 === "to"))){
const err101 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
if(data31.attribute !== undefined){
let data32 = data31.attribute;
if(typeof data32 === "string"){
if(func1(data32) > 200){
const err102 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
if(func1(data32) < 1){
const err103 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
if(!pattern11.test(data32)){
const err104 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
else {
const err105 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
if(data31.to !== undefined){
let data33 = data31.to;
const _errs83 = errors;
let valid31 = false;
const _errs84 = errors;
if(((typeof data33 !== "string") && (!((typeof data33 == "number") && (isFinite(data33))))) && (typeof data33 !== "boolean")){
const err106 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: schema38.oneOf[5].oneOf[0].properties.value.properties.to.anyOf[0].type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
if(typeof data33 === "string"){
if(func1(data33) > 1000){
const err107 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
var _valid0 = _errs84 === errors;
valid31 = valid31 || _valid0;
const _errs86 = errors;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.attribute === undefined){
const err108 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
for(const key10 in data33){
if(!(key10 === "attribute")){
const err109 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
if(data33.attribute !== undefined){
let data34 = data33.attribute;
if(typeof data34 === "string"){
if(func1(data34) > 200){
const err110 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if(func1(data34) < 1){
const err111 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
if(!pattern11.test(data34)){
const err112 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
else {
const err113 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
}
else {
const err114 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
var _valid0 = _errs86 === errors;
valid31 = valid31 || _valid0;
if(!valid31){
const err115 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
else {
errors = _errs83;
if(vErrors !== null){
if(_errs83){
vErrors.length = _errs83;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err116 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
}
else {
const err117 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
var props2 = true;
}
else if(tag2 === "not_equals"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err118 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
if(data.operator === undefined){
const err119 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if(data.value === undefined){
const err120 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
for(const key11 in data){
if(!(((key11 === "type") || (key11 === "operator")) || (key11 === "value"))){
const err121 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err122 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
if(data.operator !== undefined){
let data36 = data.operator;
if(!(((data36 === "equals") || (data36 === "not_equals")) || (data36 === "contains"))){
const err123 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/0/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[0].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
if(data.value !== undefined){
let data37 = data.value;
if(data37 && typeof data37 == "object" && !Array.isArray(data37)){
if(data37.attribute === undefined){
const err124 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
if(data37.to === undefined){
const err125 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
for(const key12 in data37){
if(!((key12 === "attribute") || (key12 === "to"))){
const err126 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key12},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data37.attribute !== undefined){
let data38 = data37.attribute;
if(typeof data38 === "string"){
if(func1(data38) > 200){
const err127 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
if(func1(data38) < 1){
const err128 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
if(!pattern11.test(data38)){
const err129 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
else {
const err130 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
if(data37.to !== undefined){
let data39 = data37.to;
const _errs104 = errors;
let valid38 = false;
const _errs105 = errors;
if(((typeof data39 !== "string") && (!((typeof data39 == "number") && (isFinite(data39))))) && (typeof data39 !== "boolean")){
const err131 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: schema38.oneOf[5].oneOf[0].properties.value.properties.to.anyOf[0].type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
if(typeof data39 === "string"){
if(func1(data39) > 1000){
const err132 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
var _valid1 = _errs105 === errors;
valid38 = valid38 || _valid1;
const _errs107 = errors;
if(data39 && typeof data39 == "object" && !Array.isArray(data39)){
if(data39.attribute === undefined){
const err133 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
for(const key13 in data39){
if(!(key13 === "attribute")){
const err134 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
if(data39.attribute !== undefined){
let data40 = data39.attribute;
if(typeof data40 === "string"){
if(func1(data40) > 200){
const err135 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
if(func1(data40) < 1){
const err136 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
if(!pattern11.test(data40)){
const err137 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
}
else {
const err138 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
}
else {
const err139 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
var _valid1 = _errs107 === errors;
valid38 = valid38 || _valid1;
if(!valid38){
const err140 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
else {
errors = _errs104;
if(vErrors !== null){
if(_errs104){
vErrors.length = _errs104;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err141 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
}
else {
const err142 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "contains"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err143 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
if(data.operator === undefined){
const err144 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
if(data.value === undefined){
const err145 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
for(const key14 in data){
if(!(((key14 === "type") || (key14 === "operator")) || (key14 === "value"))){
const err146 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err147 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
}
if(data.operator !== undefined){
let data42 = data.operator;
if(!(((data42 === "equals") || (data42 === "not_equals")) || (data42 === "contains"))){
const err148 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/0/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[0].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
if(data.value !== undefined){
let data43 = data.value;
if(data43 && typeof data43 == "object" && !Array.isArray(data43)){
if(data43.attribute === undefined){
const err149 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
if(data43.to === undefined){
const err150 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
for(const key15 in data43){
if(!((key15 === "attribute") || (key15 === "to"))){
const err151 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key15},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
}
if(data43.attribute !== undefined){
let data44 = data43.attribute;
if(typeof data44 === "string"){
if(func1(data44) > 200){
const err152 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
if(func1(data44) < 1){
const err153 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
if(!pattern11.test(data44)){
const err154 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
}
else {
const err155 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
}
if(data43.to !== undefined){
let data45 = data43.to;
const _errs125 = errors;
let valid45 = false;
const _errs126 = errors;
if(((typeof data45 !== "string") && (!((typeof data45 == "number") && (isFinite(data45))))) && (typeof data45 !== "boolean")){
const err156 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: schema38.oneOf[5].oneOf[0].properties.value.properties.to.anyOf[0].type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
if(typeof data45 === "string"){
if(func1(data45) > 1000){
const err157 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
}
var _valid2 = _errs126 === errors;
valid45 = valid45 || _valid2;
const _errs128 = errors;
if(data45 && typeof data45 == "object" && !Array.isArray(data45)){
if(data45.attribute === undefined){
const err158 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
for(const key16 in data45){
if(!(key16 === "attribute")){
const err159 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key16},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
}
if(data45.attribute !== undefined){
let data46 = data45.attribute;
if(typeof data46 === "string"){
if(func1(data46) > 200){
const err160 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
if(func1(data46) < 1){
const err161 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
if(!pattern11.test(data46)){
const err162 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
}
else {
const err163 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
}
}
else {
const err164 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
var _valid2 = _errs128 === errors;
valid45 = valid45 || _valid2;
if(!valid45){
const err165 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/0/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
else {
errors = _errs125;
if(vErrors !== null){
if(_errs125){
vErrors.length = _errs125;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err166 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/0/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
}
}
else {
const err167 = {instancePath,schemaPath:"#/oneOf/5/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "in"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err168 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
if(data.operator === undefined){
const err169 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
if(data.value === undefined){
const err170 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
for(const key17 in data){
if(!(((key17 === "type") || (key17 === "operator")) || (key17 === "value"))){
const err171 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err172 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
}
if(data.operator !== undefined){
let data48 = data.operator;
if(!((data48 === "in") || (data48 === "not_in"))){
const err173 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/1/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[1].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err173];
}
else {
vErrors.push(err173);
}
errors++;
}
}
if(data.value !== undefined){
let data49 = data.value;
if(data49 && typeof data49 == "object" && !Array.isArray(data49)){
if(data49.attribute === undefined){
const err174 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err174];
}
else {
vErrors.push(err174);
}
errors++;
}
if(data49.to === undefined){
const err175 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err175];
}
else {
vErrors.push(err175);
}
errors++;
}
for(const key18 in data49){
if(!((key18 === "attribute") || (key18 === "to"))){
const err176 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key18},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err176];
}
else {
vErrors.push(err176);
}
errors++;
}
}
if(data49.attribute !== undefined){
let data50 = data49.attribute;
if(typeof data50 === "string"){
if(func1(data50) > 200){
const err177 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err177];
}
else {
vErrors.push(err177);
}
errors++;
}
if(func1(data50) < 1){
const err178 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err178];
}
else {
vErrors.push(err178);
}
errors++;
}
if(!pattern11.test(data50)){
const err179 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err179];
}
else {
vErrors.push(err179);
}
errors++;
}
}
else {
const err180 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err180];
}
else {
vErrors.push(err180);
}
errors++;
}
}
if(data49.to !== undefined){
let data51 = data49.to;
const _errs146 = errors;
let valid52 = false;
const _errs147 = errors;
if(Array.isArray(data51)){
if(data51.length > 1000){
const err181 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err181];
}
else {
vErrors.push(err181);
}
errors++;
}
if(data51.length < 1){
const err182 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err182];
}
else {
vErrors.push(err182);
}
errors++;
}
const len2 = data51.length;
for(let i3=0; i3<len2; i3++){
let data52 = data51[i3];
if(((typeof data52 !== "string") && (!((typeof data52 == "number") && (isFinite(data52))))) && (typeof data52 !== "boolean")){
const err183 = {instancePath:instancePath+"/value/to/" + i3,schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/items/type",keyword:"type",params:{type: schema38.oneOf[5].oneOf[1].properties.value.properties.to.anyOf[0].items.type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err183];
}
else {
vErrors.push(err183);
}
errors++;
}
if(typeof data52 === "string"){
if(func1(data52) > 1000){
const err184 = {instancePath:instancePath+"/value/to/" + i3,schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err184];
}
else {
vErrors.push(err184);
}
errors++;
}
}
}
}
else {
const err185 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err185];
}
else {
vErrors.push(err185);
}
errors++;
}
var _valid3 = _errs147 === errors;
valid52 = valid52 || _valid3;
const _errs151 = errors;
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
if(data51.attribute === undefined){
const err186 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err186];
}
else {
vErrors.push(err186);
}
errors++;
}
for(const key19 in data51){
if(!(key19 === "attribute")){
const err187 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key19},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err187];
}
else {
vErrors.push(err187);
}
errors++;
}
}
if(data51.attribute !== undefined){
let data53 = data51.attribute;
if(typeof data53 === "string"){
if(func1(data53) > 200){
const err188 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err188];
}
else {
vErrors.push(err188);
}
errors++;
}
if(func1(data53) < 1){
const err189 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err189];
}
else {
vErrors.push(err189);
}
errors++;
}
if(!pattern11.test(data53)){
const err190 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err190];
}
else {
vErrors.push(err190);
}
errors++;
}
}
else {
const err191 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err191];
}
else {
vErrors.push(err191);
}
errors++;
}
}
}
else {
const err192 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err192];
}
else {
vErrors.push(err192);
}
errors++;
}
var _valid3 = _errs151 === errors;
valid52 = valid52 || _valid3;
if(!valid52){
const err193 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err193];
}
else {
vErrors.push(err193);
}
errors++;
}
else {
errors = _errs146;
if(vErrors !== null){
if(_errs146){
vErrors.length = _errs146;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err194 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err194];
}
else {
vErrors.push(err194);
}
errors++;
}
}
}
else {
const err195 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err195];
}
else {
vErrors.push(err195);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "not_in"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err196 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err196];
}
else {
vErrors.push(err196);
}
errors++;
}
if(data.operator === undefined){
const err197 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err197];
}
else {
vErrors.push(err197);
}
errors++;
}
if(data.value === undefined){
const err198 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err198];
}
else {
vErrors.push(err198);
}
errors++;
}
for(const key20 in data){
if(!(((key20 === "type") || (key20 === "operator")) || (key20 === "value"))){
const err199 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key20},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err199];
}
else {
vErrors.push(err199);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err200 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err200];
}
else {
vErrors.push(err200);
}
errors++;
}
}
if(data.operator !== undefined){
let data55 = data.operator;
if(!((data55 === "in") || (data55 === "not_in"))){
const err201 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/1/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[1].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err201];
}
else {
vErrors.push(err201);
}
errors++;
}
}
if(data.value !== undefined){
let data56 = data.value;
if(data56 && typeof data56 == "object" && !Array.isArray(data56)){
if(data56.attribute === undefined){
const err202 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err202];
}
else {
vErrors.push(err202);
}
errors++;
}
if(data56.to === undefined){
const err203 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err203];
}
else {
vErrors.push(err203);
}
errors++;
}
for(const key21 in data56){
if(!((key21 === "attribute") || (key21 === "to"))){
const err204 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key21},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err204];
}
else {
vErrors.push(err204);
}
errors++;
}
}
if(data56.attribute !== undefined){
let data57 = data56.attribute;
if(typeof data57 === "string"){
if(func1(data57) > 200){
const err205 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err205];
}
else {
vErrors.push(err205);
}
errors++;
}
if(func1(data57) < 1){
const err206 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err206];
}
else {
vErrors.push(err206);
}
errors++;
}
if(!pattern11.test(data57)){
const err207 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err207];
}
else {
vErrors.push(err207);
}
errors++;
}
}
else {
const err208 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err208];
}
else {
vErrors.push(err208);
}
errors++;
}
}
if(data56.to !== undefined){
let data58 = data56.to;
const _errs169 = errors;
let valid61 = false;
const _errs170 = errors;
if(Array.isArray(data58)){
if(data58.length > 1000){
const err209 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err209];
}
else {
vErrors.push(err209);
}
errors++;
}
if(data58.length < 1){
const err210 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err210];
}
else {
vErrors.push(err210);
}
errors++;
}
const len3 = data58.length;
for(let i4=0; i4<len3; i4++){
let data59 = data58[i4];
if(((typeof data59 !== "string") && (!((typeof data59 == "number") && (isFinite(data59))))) && (typeof data59 !== "boolean")){
const err211 = {instancePath:instancePath+"/value/to/" + i4,schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/items/type",keyword:"type",params:{type: schema38.oneOf[5].oneOf[1].properties.value.properties.to.anyOf[0].items.type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err211];
}
else {
vErrors.push(err211);
}
errors++;
}
if(typeof data59 === "string"){
if(func1(data59) > 1000){
const err212 = {instancePath:instancePath+"/value/to/" + i4,schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err212];
}
else {
vErrors.push(err212);
}
errors++;
}
}
}
}
else {
const err213 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err213];
}
else {
vErrors.push(err213);
}
errors++;
}
var _valid4 = _errs170 === errors;
valid61 = valid61 || _valid4;
const _errs174 = errors;
if(data58 && typeof data58 == "object" && !Array.isArray(data58)){
if(data58.attribute === undefined){
const err214 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err214];
}
else {
vErrors.push(err214);
}
errors++;
}
for(const key22 in data58){
if(!(key22 === "attribute")){
const err215 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key22},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err215];
}
else {
vErrors.push(err215);
}
errors++;
}
}
if(data58.attribute !== undefined){
let data60 = data58.attribute;
if(typeof data60 === "string"){
if(func1(data60) > 200){
const err216 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err216];
}
else {
vErrors.push(err216);
}
errors++;
}
if(func1(data60) < 1){
const err217 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err217];
}
else {
vErrors.push(err217);
}
errors++;
}
if(!pattern11.test(data60)){
const err218 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err218];
}
else {
vErrors.push(err218);
}
errors++;
}
}
else {
const err219 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err219];
}
else {
vErrors.push(err219);
}
errors++;
}
}
}
else {
const err220 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err220];
}
else {
vErrors.push(err220);
}
errors++;
}
var _valid4 = _errs174 === errors;
valid61 = valid61 || _valid4;
if(!valid61){
const err221 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/1/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err221];
}
else {
vErrors.push(err221);
}
errors++;
}
else {
errors = _errs169;
if(vErrors !== null){
if(_errs169){
vErrors.length = _errs169;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err222 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/1/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err222];
}
else {
vErrors.push(err222);
}
errors++;
}
}
}
else {
const err223 = {instancePath,schemaPath:"#/oneOf/5/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err223];
}
else {
vErrors.push(err223);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "starts_with"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err224 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err224];
}
else {
vErrors.push(err224);
}
errors++;
}
if(data.operator === undefined){
const err225 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err225];
}
else {
vErrors.push(err225);
}
errors++;
}
if(data.value === undefined){
const err226 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err226];
}
else {
vErrors.push(err226);
}
errors++;
}
for(const key23 in data){
if(!(((key23 === "type") || (key23 === "operator")) || (key23 === "value"))){
const err227 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key23},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err227];
}
else {
vErrors.push(err227);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err228 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/2/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err228];
}
else {
vErrors.push(err228);
}
errors++;
}
}
if(data.operator !== undefined){
let data62 = data.operator;
if(!((data62 === "starts_with") || (data62 === "ends_with"))){
const err229 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/2/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[2].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err229];
}
else {
vErrors.push(err229);
}
errors++;
}
}
if(data.value !== undefined){
let data63 = data.value;
if(data63 && typeof data63 == "object" && !Array.isArray(data63)){
if(data63.attribute === undefined){
const err230 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err230];
}
else {
vErrors.push(err230);
}
errors++;
}
if(data63.to === undefined){
const err231 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err231];
}
else {
vErrors.push(err231);
}
errors++;
}
for(const key24 in data63){
if(!((key24 === "attribute") || (key24 === "to"))){
const err232 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key24},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err232];
}
else {
vErrors.push(err232);
}
errors++;
}
}
if(data63.attribute !== undefined){
let data64 = data63.attribute;
if(typeof data64 === "string"){
if(func1(data64) > 200){
const err233 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err233];
}
else {
vErrors.push(err233);
}
errors++;
}
if(func1(data64) < 1){
const err234 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err234];
}
else {
vErrors.push(err234);
}
errors++;
}
if(!pattern11.test(data64)){
const err235 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err235];
}
else {
vErrors.push(err235);
}
errors++;
}
}
else {
const err236 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err236];
}
else {
vErrors.push(err236);
}
errors++;
}
}
if(data63.to !== undefined){
let data65 = data63.to;
const _errs192 = errors;
let valid70 = false;
const _errs193 = errors;
if(typeof data65 === "string"){
if(func1(data65) > 1000){
const err237 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err237];
}
else {
vErrors.push(err237);
}
errors++;
}
}
else {
const err238 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err238];
}
else {
vErrors.push(err238);
}
errors++;
}
var _valid5 = _errs193 === errors;
valid70 = valid70 || _valid5;
const _errs195 = errors;
if(data65 && typeof data65 == "object" && !Array.isArray(data65)){
if(data65.attribute === undefined){
const err239 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err239];
}
else {
vErrors.push(err239);
}
errors++;
}
for(const key25 in data65){
if(!(key25 === "attribute")){
const err240 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key25},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err240];
}
else {
vErrors.push(err240);
}
errors++;
}
}
if(data65.attribute !== undefined){
let data66 = data65.attribute;
if(typeof data66 === "string"){
if(func1(data66) > 200){
const err241 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err241];
}
else {
vErrors.push(err241);
}
errors++;
}
if(func1(data66) < 1){
const err242 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err242];
}
else {
vErrors.push(err242);
}
errors++;
}
if(!pattern11.test(data66)){
const err243 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err243];
}
else {
vErrors.push(err243);
}
errors++;
}
}
else {
const err244 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err244];
}
else {
vErrors.push(err244);
}
errors++;
}
}
}
else {
const err245 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err245];
}
else {
vErrors.push(err245);
}
errors++;
}
var _valid5 = _errs195 === errors;
valid70 = valid70 || _valid5;
if(!valid70){
const err246 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err246];
}
else {
vErrors.push(err246);
}
errors++;
}
else {
errors = _errs192;
if(vErrors !== null){
if(_errs192){
vErrors.length = _errs192;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err247 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err247];
}
else {
vErrors.push(err247);
}
errors++;
}
}
}
else {
const err248 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err248];
}
else {
vErrors.push(err248);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "ends_with"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err249 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err249];
}
else {
vErrors.push(err249);
}
errors++;
}
if(data.operator === undefined){
const err250 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err250];
}
else {
vErrors.push(err250);
}
errors++;
}
if(data.value === undefined){
const err251 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err251];
}
else {
vErrors.push(err251);
}
errors++;
}
for(const key26 in data){
if(!(((key26 === "type") || (key26 === "operator")) || (key26 === "value"))){
const err252 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key26},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err252];
}
else {
vErrors.push(err252);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err253 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/2/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err253];
}
else {
vErrors.push(err253);
}
errors++;
}
}
if(data.operator !== undefined){
let data68 = data.operator;
if(!((data68 === "starts_with") || (data68 === "ends_with"))){
const err254 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/2/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[2].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err254];
}
else {
vErrors.push(err254);
}
errors++;
}
}
if(data.value !== undefined){
let data69 = data.value;
if(data69 && typeof data69 == "object" && !Array.isArray(data69)){
if(data69.attribute === undefined){
const err255 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err255];
}
else {
vErrors.push(err255);
}
errors++;
}
if(data69.to === undefined){
const err256 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err256];
}
else {
vErrors.push(err256);
}
errors++;
}
for(const key27 in data69){
if(!((key27 === "attribute") || (key27 === "to"))){
const err257 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key27},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err257];
}
else {
vErrors.push(err257);
}
errors++;
}
}
if(data69.attribute !== undefined){
let data70 = data69.attribute;
if(typeof data70 === "string"){
if(func1(data70) > 200){
const err258 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err258];
}
else {
vErrors.push(err258);
}
errors++;
}
if(func1(data70) < 1){
const err259 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err259];
}
else {
vErrors.push(err259);
}
errors++;
}
if(!pattern11.test(data70)){
const err260 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err260];
}
else {
vErrors.push(err260);
}
errors++;
}
}
else {
const err261 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err261];
}
else {
vErrors.push(err261);
}
errors++;
}
}
if(data69.to !== undefined){
let data71 = data69.to;
const _errs213 = errors;
let valid77 = false;
const _errs214 = errors;
if(typeof data71 === "string"){
if(func1(data71) > 1000){
const err262 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err262];
}
else {
vErrors.push(err262);
}
errors++;
}
}
else {
const err263 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err263];
}
else {
vErrors.push(err263);
}
errors++;
}
var _valid6 = _errs214 === errors;
valid77 = valid77 || _valid6;
const _errs216 = errors;
if(data71 && typeof data71 == "object" && !Array.isArray(data71)){
if(data71.attribute === undefined){
const err264 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err264];
}
else {
vErrors.push(err264);
}
errors++;
}
for(const key28 in data71){
if(!(key28 === "attribute")){
const err265 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key28},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err265];
}
else {
vErrors.push(err265);
}
errors++;
}
}
if(data71.attribute !== undefined){
let data72 = data71.attribute;
if(typeof data72 === "string"){
if(func1(data72) > 200){
const err266 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err266];
}
else {
vErrors.push(err266);
}
errors++;
}
if(func1(data72) < 1){
const err267 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err267];
}
else {
vErrors.push(err267);
}
errors++;
}
if(!pattern11.test(data72)){
const err268 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err268];
}
else {
vErrors.push(err268);
}
errors++;
}
}
else {
const err269 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err269];
}
else {
vErrors.push(err269);
}
errors++;
}
}
}
else {
const err270 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err270];
}
else {
vErrors.push(err270);
}
errors++;
}
var _valid6 = _errs216 === errors;
valid77 = valid77 || _valid6;
if(!valid77){
const err271 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/2/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err271];
}
else {
vErrors.push(err271);
}
errors++;
}
else {
errors = _errs213;
if(vErrors !== null){
if(_errs213){
vErrors.length = _errs213;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err272 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/2/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err272];
}
else {
vErrors.push(err272);
}
errors++;
}
}
}
else {
const err273 = {instancePath,schemaPath:"#/oneOf/5/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err273];
}
else {
vErrors.push(err273);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "greater_than"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err274 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err274];
}
else {
vErrors.push(err274);
}
errors++;
}
if(data.operator === undefined){
const err275 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err275];
}
else {
vErrors.push(err275);
}
errors++;
}
if(data.value === undefined){
const err276 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err276];
}
else {
vErrors.push(err276);
}
errors++;
}
for(const key29 in data){
if(!(((key29 === "type") || (key29 === "operator")) || (key29 === "value"))){
const err277 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key29},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err277];
}
else {
vErrors.push(err277);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err278 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/3/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err278];
}
else {
vErrors.push(err278);
}
errors++;
}
}
if(data.operator !== undefined){
let data74 = data.operator;
if(!((((data74 === "greater_than") || (data74 === "greater_than_or_equal")) || (data74 === "less_than")) || (data74 === "less_than_or_equal"))){
const err279 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/3/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[3].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err279];
}
else {
vErrors.push(err279);
}
errors++;
}
}
if(data.value !== undefined){
let data75 = data.value;
if(data75 && typeof data75 == "object" && !Array.isArray(data75)){
if(data75.attribute === undefined){
const err280 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err280];
}
else {
vErrors.push(err280);
}
errors++;
}
if(data75.to === undefined){
const err281 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err281];
}
else {
vErrors.push(err281);
}
errors++;
}
for(const key30 in data75){
if(!((key30 === "attribute") || (key30 === "to"))){
const err282 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key30},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err282];
}
else {
vErrors.push(err282);
}
errors++;
}
}
if(data75.attribute !== undefined){
let data76 = data75.attribute;
if(typeof data76 === "string"){
if(func1(data76) > 200){
const err283 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err283];
}
else {
vErrors.push(err283);
}
errors++;
}
if(func1(data76) < 1){
const err284 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err284];
}
else {
vErrors.push(err284);
}
errors++;
}
if(!pattern11.test(data76)){
const err285 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err285];
}
else {
vErrors.push(err285);
}
errors++;
}
}
else {
const err286 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err286];
}
else {
vErrors.push(err286);
}
errors++;
}
}
if(data75.to !== undefined){
let data77 = data75.to;
const _errs234 = errors;
let valid84 = false;
const _errs235 = errors;
if(!((typeof data77 == "number") && (isFinite(data77)))){
const err287 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err287];
}
else {
vErrors.push(err287);
}
errors++;
}
var _valid7 = _errs235 === errors;
valid84 = valid84 || _valid7;
const _errs237 = errors;
if(data77 && typeof data77 == "object" && !Array.isArray(data77)){
if(data77.attribute === undefined){
const err288 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err288];
}
else {
vErrors.push(err288);
}
errors++;
}
for(const key31 in data77){
if(!(key31 === "attribute")){
const err289 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key31},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err289];
}
else {
vErrors.push(err289);
}
errors++;
}
}
if(data77.attribute !== undefined){
let data78 = data77.attribute;
if(typeof data78 === "string"){
if(func1(data78) > 200){
const err290 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err290];
}
else {
vErrors.push(err290);
}
errors++;
}
if(func1(data78) < 1){
const err291 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err291];
}
else {
vErrors.push(err291);
}
errors++;
}
if(!pattern11.test(data78)){
const err292 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err292];
}
else {
vErrors.push(err292);
}
errors++;
}
}
else {
const err293 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err293];
}
else {
vErrors.push(err293);
}
errors++;
}
}
}
else {
const err294 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err294];
}
else {
vErrors.push(err294);
}
errors++;
}
var _valid7 = _errs237 === errors;
valid84 = valid84 || _valid7;
if(!valid84){
const err295 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err295];
}
else {
vErrors.push(err295);
}
errors++;
}
else {
errors = _errs234;
if(vErrors !== null){
if(_errs234){
vErrors.length = _errs234;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err296 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err296];
}
else {
vErrors.push(err296);
}
errors++;
}
}
}
else {
const err297 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err297];
}
else {
vErrors.push(err297);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "greater_than_or_equal"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err298 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err298];
}
else {
vErrors.push(err298);
}
errors++;
}
if(data.operator === undefined){
const err299 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err299];
}
else {
vErrors.push(err299);
}
errors++;
}
if(data.value === undefined){
const err300 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err300];
}
else {
vErrors.push(err300);
}
errors++;
}
for(const key32 in data){
if(!(((key32 === "type") || (key32 === "operator")) || (key32 === "value"))){
const err301 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key32},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err301];
}
else {
vErrors.push(err301);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err302 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/3/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err302];
}
else {
vErrors.push(err302);
}
errors++;
}
}
if(data.operator !== undefined){
let data80 = data.operator;
if(!((((data80 === "greater_than") || (data80 === "greater_than_or_equal")) || (data80 === "less_than")) || (data80 === "less_than_or_equal"))){
const err303 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/3/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[3].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err303];
}
else {
vErrors.push(err303);
}
errors++;
}
}
if(data.value !== undefined){
let data81 = data.value;
if(data81 && typeof data81 == "object" && !Array.isArray(data81)){
if(data81.attribute === undefined){
const err304 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err304];
}
else {
vErrors.push(err304);
}
errors++;
}
if(data81.to === undefined){
const err305 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err305];
}
else {
vErrors.push(err305);
}
errors++;
}
for(const key33 in data81){
if(!((key33 === "attribute") || (key33 === "to"))){
const err306 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key33},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err306];
}
else {
vErrors.push(err306);
}
errors++;
}
}
if(data81.attribute !== undefined){
let data82 = data81.attribute;
if(typeof data82 === "string"){
if(func1(data82) > 200){
const err307 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err307];
}
else {
vErrors.push(err307);
}
errors++;
}
if(func1(data82) < 1){
const err308 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err308];
}
else {
vErrors.push(err308);
}
errors++;
}
if(!pattern11.test(data82)){
const err309 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err309];
}
else {
vErrors.push(err309);
}
errors++;
}
}
else {
const err310 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err310];
}
else {
vErrors.push(err310);
}
errors++;
}
}
if(data81.to !== undefined){
let data83 = data81.to;
const _errs255 = errors;
let valid91 = false;
const _errs256 = errors;
if(!((typeof data83 == "number") && (isFinite(data83)))){
const err311 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err311];
}
else {
vErrors.push(err311);
}
errors++;
}
var _valid8 = _errs256 === errors;
valid91 = valid91 || _valid8;
const _errs258 = errors;
if(data83 && typeof data83 == "object" && !Array.isArray(data83)){
if(data83.attribute === undefined){
const err312 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err312];
}
else {
vErrors.push(err312);
}
errors++;
}
for(const key34 in data83){
if(!(key34 === "attribute")){
const err313 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key34},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err313];
}
else {
vErrors.push(err313);
}
errors++;
}
}
if(data83.attribute !== undefined){
let data84 = data83.attribute;
if(typeof data84 === "string"){
if(func1(data84) > 200){
const err314 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err314];
}
else {
vErrors.push(err314);
}
errors++;
}
if(func1(data84) < 1){
const err315 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err315];
}
else {
vErrors.push(err315);
}
errors++;
}
if(!pattern11.test(data84)){
const err316 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err316];
}
else {
vErrors.push(err316);
}
errors++;
}
}
else {
const err317 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err317];
}
else {
vErrors.push(err317);
}
errors++;
}
}
}
else {
const err318 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err318];
}
else {
vErrors.push(err318);
}
errors++;
}
var _valid8 = _errs258 === errors;
valid91 = valid91 || _valid8;
if(!valid91){
const err319 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err319];
}
else {
vErrors.push(err319);
}
errors++;
}
else {
errors = _errs255;
if(vErrors !== null){
if(_errs255){
vErrors.length = _errs255;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err320 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err320];
}
else {
vErrors.push(err320);
}
errors++;
}
}
}
else {
const err321 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err321];
}
else {
vErrors.push(err321);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "less_than"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err322 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err322];
}
else {
vErrors.push(err322);
}
errors++;
}
if(data.operator === undefined){
const err323 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err323];
}
else {
vErrors.push(err323);
}
errors++;
}
if(data.value === undefined){
const err324 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err324];
}
else {
vErrors.push(err324);
}
errors++;
}
for(const key35 in data){
if(!(((key35 === "type") || (key35 === "operator")) || (key35 === "value"))){
const err325 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key35},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err325];
}
else {
vErrors.push(err325);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err326 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/3/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err326];
}
else {
vErrors.push(err326);
}
errors++;
}
}
if(data.operator !== undefined){
let data86 = data.operator;
if(!((((data86 === "greater_than") || (data86 === "greater_than_or_equal")) || (data86 === "less_than")) || (data86 === "less_than_or_equal"))){
const err327 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/3/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[3].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err327];
}
else {
vErrors.push(err327);
}
errors++;
}
}
if(data.value !== undefined){
let data87 = data.value;
if(data87 && typeof data87 == "object" && !Array.isArray(data87)){
if(data87.attribute === undefined){
const err328 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err328];
}
else {
vErrors.push(err328);
}
errors++;
}
if(data87.to === undefined){
const err329 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err329];
}
else {
vErrors.push(err329);
}
errors++;
}
for(const key36 in data87){
if(!((key36 === "attribute") || (key36 === "to"))){
const err330 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key36},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err330];
}
else {
vErrors.push(err330);
}
errors++;
}
}
if(data87.attribute !== undefined){
let data88 = data87.attribute;
if(typeof data88 === "string"){
if(func1(data88) > 200){
const err331 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err331];
}
else {
vErrors.push(err331);
}
errors++;
}
if(func1(data88) < 1){
const err332 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err332];
}
else {
vErrors.push(err332);
}
errors++;
}
if(!pattern11.test(data88)){
const err333 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err333];
}
else {
vErrors.push(err333);
}
errors++;
}
}
else {
const err334 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err334];
}
else {
vErrors.push(err334);
}
errors++;
}
}
if(data87.to !== undefined){
let data89 = data87.to;
const _errs276 = errors;
let valid98 = false;
const _errs277 = errors;
if(!((typeof data89 == "number") && (isFinite(data89)))){
const err335 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err335];
}
else {
vErrors.push(err335);
}
errors++;
}
var _valid9 = _errs277 === errors;
valid98 = valid98 || _valid9;
const _errs279 = errors;
if(data89 && typeof data89 == "object" && !Array.isArray(data89)){
if(data89.attribute === undefined){
const err336 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err336];
}
else {
vErrors.push(err336);
}
errors++;
}
for(const key37 in data89){
if(!(key37 === "attribute")){
const err337 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key37},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err337];
}
else {
vErrors.push(err337);
}
errors++;
}
}
if(data89.attribute !== undefined){
let data90 = data89.attribute;
if(typeof data90 === "string"){
if(func1(data90) > 200){
const err338 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err338];
}
else {
vErrors.push(err338);
}
errors++;
}
if(func1(data90) < 1){
const err339 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err339];
}
else {
vErrors.push(err339);
}
errors++;
}
if(!pattern11.test(data90)){
const err340 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err340];
}
else {
vErrors.push(err340);
}
errors++;
}
}
else {
const err341 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err341];
}
else {
vErrors.push(err341);
}
errors++;
}
}
}
else {
const err342 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err342];
}
else {
vErrors.push(err342);
}
errors++;
}
var _valid9 = _errs279 === errors;
valid98 = valid98 || _valid9;
if(!valid98){
const err343 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err343];
}
else {
vErrors.push(err343);
}
errors++;
}
else {
errors = _errs276;
if(vErrors !== null){
if(_errs276){
vErrors.length = _errs276;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err344 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err344];
}
else {
vErrors.push(err344);
}
errors++;
}
}
}
else {
const err345 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err345];
}
else {
vErrors.push(err345);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "less_than_or_equal"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err346 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err346];
}
else {
vErrors.push(err346);
}
errors++;
}
if(data.operator === undefined){
const err347 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err347];
}
else {
vErrors.push(err347);
}
errors++;
}
if(data.value === undefined){
const err348 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err348];
}
else {
vErrors.push(err348);
}
errors++;
}
for(const key38 in data){
if(!(((key38 === "type") || (key38 === "operator")) || (key38 === "value"))){
const err349 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key38},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err349];
}
else {
vErrors.push(err349);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err350 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/3/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err350];
}
else {
vErrors.push(err350);
}
errors++;
}
}
if(data.operator !== undefined){
let data92 = data.operator;
if(!((((data92 === "greater_than") || (data92 === "greater_than_or_equal")) || (data92 === "less_than")) || (data92 === "less_than_or_equal"))){
const err351 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/3/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[3].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err351];
}
else {
vErrors.push(err351);
}
errors++;
}
}
if(data.value !== undefined){
let data93 = data.value;
if(data93 && typeof data93 == "object" && !Array.isArray(data93)){
if(data93.attribute === undefined){
const err352 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err352];
}
else {
vErrors.push(err352);
}
errors++;
}
if(data93.to === undefined){
const err353 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err353];
}
else {
vErrors.push(err353);
}
errors++;
}
for(const key39 in data93){
if(!((key39 === "attribute") || (key39 === "to"))){
const err354 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key39},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err354];
}
else {
vErrors.push(err354);
}
errors++;
}
}
if(data93.attribute !== undefined){
let data94 = data93.attribute;
if(typeof data94 === "string"){
if(func1(data94) > 200){
const err355 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err355];
}
else {
vErrors.push(err355);
}
errors++;
}
if(func1(data94) < 1){
const err356 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err356];
}
else {
vErrors.push(err356);
}
errors++;
}
if(!pattern11.test(data94)){
const err357 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err357];
}
else {
vErrors.push(err357);
}
errors++;
}
}
else {
const err358 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err358];
}
else {
vErrors.push(err358);
}
errors++;
}
}
if(data93.to !== undefined){
let data95 = data93.to;
const _errs297 = errors;
let valid105 = false;
const _errs298 = errors;
if(!((typeof data95 == "number") && (isFinite(data95)))){
const err359 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/0/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err359];
}
else {
vErrors.push(err359);
}
errors++;
}
var _valid10 = _errs298 === errors;
valid105 = valid105 || _valid10;
const _errs300 = errors;
if(data95 && typeof data95 == "object" && !Array.isArray(data95)){
if(data95.attribute === undefined){
const err360 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err360];
}
else {
vErrors.push(err360);
}
errors++;
}
for(const key40 in data95){
if(!(key40 === "attribute")){
const err361 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key40},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err361];
}
else {
vErrors.push(err361);
}
errors++;
}
}
if(data95.attribute !== undefined){
let data96 = data95.attribute;
if(typeof data96 === "string"){
if(func1(data96) > 200){
const err362 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err362];
}
else {
vErrors.push(err362);
}
errors++;
}
if(func1(data96) < 1){
const err363 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err363];
}
else {
vErrors.push(err363);
}
errors++;
}
if(!pattern11.test(data96)){
const err364 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err364];
}
else {
vErrors.push(err364);
}
errors++;
}
}
else {
const err365 = {instancePath:instancePath+"/value/to/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err365];
}
else {
vErrors.push(err365);
}
errors++;
}
}
}
else {
const err366 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err366];
}
else {
vErrors.push(err366);
}
errors++;
}
var _valid10 = _errs300 === errors;
valid105 = valid105 || _valid10;
if(!valid105){
const err367 = {instancePath:instancePath+"/value/to",schemaPath:"#/oneOf/5/oneOf/3/properties/value/properties/to/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err367];
}
else {
vErrors.push(err367);
}
errors++;
}
else {
errors = _errs297;
if(vErrors !== null){
if(_errs297){
vErrors.length = _errs297;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err368 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/3/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err368];
}
else {
vErrors.push(err368);
}
errors++;
}
}
}
else {
const err369 = {instancePath,schemaPath:"#/oneOf/5/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err369];
}
else {
vErrors.push(err369);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "exists"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err370 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err370];
}
else {
vErrors.push(err370);
}
errors++;
}
if(data.operator === undefined){
const err371 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err371];
}
else {
vErrors.push(err371);
}
errors++;
}
if(data.value === undefined){
const err372 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err372];
}
else {
vErrors.push(err372);
}
errors++;
}
for(const key41 in data){
if(!(((key41 === "type") || (key41 === "operator")) || (key41 === "value"))){
const err373 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key41},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err373];
}
else {
vErrors.push(err373);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err374 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/4/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err374];
}
else {
vErrors.push(err374);
}
errors++;
}
}
if(data.operator !== undefined){
let data98 = data.operator;
if(!((data98 === "exists") || (data98 === "not_exists"))){
const err375 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/4/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[4].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err375];
}
else {
vErrors.push(err375);
}
errors++;
}
}
if(data.value !== undefined){
let data99 = data.value;
if(data99 && typeof data99 == "object" && !Array.isArray(data99)){
if(data99.attribute === undefined){
const err376 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/4/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err376];
}
else {
vErrors.push(err376);
}
errors++;
}
for(const key42 in data99){
if(!(key42 === "attribute")){
const err377 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/4/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key42},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err377];
}
else {
vErrors.push(err377);
}
errors++;
}
}
if(data99.attribute !== undefined){
let data100 = data99.attribute;
if(typeof data100 === "string"){
if(func1(data100) > 200){
const err378 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err378];
}
else {
vErrors.push(err378);
}
errors++;
}
if(func1(data100) < 1){
const err379 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err379];
}
else {
vErrors.push(err379);
}
errors++;
}
if(!pattern11.test(data100)){
const err380 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err380];
}
else {
vErrors.push(err380);
}
errors++;
}
}
else {
const err381 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err381];
}
else {
vErrors.push(err381);
}
errors++;
}
}
}
else {
const err382 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/4/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err382];
}
else {
vErrors.push(err382);
}
errors++;
}
}
}
else {
const err383 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err383];
}
else {
vErrors.push(err383);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else if(tag2 === "not_exists"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err384 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err384];
}
else {
vErrors.push(err384);
}
errors++;
}
if(data.operator === undefined){
const err385 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err385];
}
else {
vErrors.push(err385);
}
errors++;
}
if(data.value === undefined){
const err386 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err386];
}
else {
vErrors.push(err386);
}
errors++;
}
for(const key43 in data){
if(!(((key43 === "type") || (key43 === "operator")) || (key43 === "value"))){
const err387 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key43},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err387];
}
else {
vErrors.push(err387);
}
errors++;
}
}
if(data.type !== undefined){
if("attribute" !== data.type){
const err388 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/5/oneOf/4/properties/type/const",keyword:"const",params:{allowedValue: "attribute"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err388];
}
else {
vErrors.push(err388);
}
errors++;
}
}
if(data.operator !== undefined){
let data102 = data.operator;
if(!((data102 === "exists") || (data102 === "not_exists"))){
const err389 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/5/oneOf/4/properties/operator/enum",keyword:"enum",params:{allowedValues: schema38.oneOf[5].oneOf[4].properties.operator.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err389];
}
else {
vErrors.push(err389);
}
errors++;
}
}
if(data.value !== undefined){
let data103 = data.value;
if(data103 && typeof data103 == "object" && !Array.isArray(data103)){
if(data103.attribute === undefined){
const err390 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/4/properties/value/required",keyword:"required",params:{missingProperty: "attribute"},message:"must have required property '"+"attribute"+"'"};
if(vErrors === null){
vErrors = [err390];
}
else {
vErrors.push(err390);
}
errors++;
}
for(const key44 in data103){
if(!(key44 === "attribute")){
const err391 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/4/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key44},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err391];
}
else {
vErrors.push(err391);
}
errors++;
}
}
if(data103.attribute !== undefined){
let data104 = data103.attribute;
if(typeof data104 === "string"){
if(func1(data104) > 200){
const err392 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err392];
}
else {
vErrors.push(err392);
}
errors++;
}
if(func1(data104) < 1){
const err393 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err393];
}
else {
vErrors.push(err393);
}
errors++;
}
if(!pattern11.test(data104)){
const err394 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/pattern",keyword:"pattern",params:{pattern: "^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"},message:"must match pattern \""+"^(principal\\.(id|type|attributes\\..+)|resource\\.(type|identifier|attributes\\..+)|context\\.(delegation\\.(depth|actors|actor_types|subject|verified)|(?!delegation$)(?!delegation\\.).+))$"+"\""};
if(vErrors === null){
vErrors = [err394];
}
else {
vErrors.push(err394);
}
errors++;
}
}
else {
const err395 = {instancePath:instancePath+"/value/attribute",schemaPath:"policy-attribute-path.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err395];
}
else {
vErrors.push(err395);
}
errors++;
}
}
}
else {
const err396 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/5/oneOf/4/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err396];
}
else {
vErrors.push(err396);
}
errors++;
}
}
}
else {
const err397 = {instancePath,schemaPath:"#/oneOf/5/oneOf/4/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err397];
}
else {
vErrors.push(err397);
}
errors++;
}
if(props2 !== true){
props2 = true;
}
}
else {
const err398 = {instancePath,schemaPath:"#/oneOf/5/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "operator", tagValue: tag2},message:"value of tag \"operator\" must be in oneOf"};
if(vErrors === null){
vErrors = [err398];
}
else {
vErrors.push(err398);
}
errors++;
}
}
else {
const err399 = {instancePath,schemaPath:"#/oneOf/5/discriminator",keyword:"discriminator",params:{error: "tag", tag: "operator", tagValue: tag2},message:"tag \"operator\" must be string"};
if(vErrors === null){
vErrors = [err399];
}
else {
vErrors.push(err399);
}
errors++;
}
}
else {
const err400 = {instancePath,schemaPath:"#/oneOf/5/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err400];
}
else {
vErrors.push(err400);
}
errors++;
}
if(props0 !== true && props2 !== undefined){
if(props2 === true){
props0 = true;
}
else {
props0 = props0 || {};
Object.assign(props0, props2);
}
}
}
else if(tag0 === "any_of"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err401 = {instancePath,schemaPath:"#/oneOf/6/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err401];
}
else {
vErrors.push(err401);
}
errors++;
}
if(data.value === undefined){
const err402 = {instancePath,schemaPath:"#/oneOf/6/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err402];
}
else {
vErrors.push(err402);
}
errors++;
}
for(const key45 in data){
if(!(((key45 === "type") || (key45 === "operator")) || (key45 === "value"))){
const err403 = {instancePath,schemaPath:"#/oneOf/6/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key45},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err403];
}
else {
vErrors.push(err403);
}
errors++;
}
}
if(data.type !== undefined){
if("any_of" !== data.type){
const err404 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/6/properties/type/const",keyword:"const",params:{allowedValue: "any_of"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err404];
}
else {
vErrors.push(err404);
}
errors++;
}
}
if(data.operator !== undefined){
if("any_of" !== data.operator){
const err405 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/6/properties/operator/const",keyword:"const",params:{allowedValue: "any_of"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err405];
}
else {
vErrors.push(err405);
}
errors++;
}
}
if(data.value !== undefined){
let data107 = data.value;
if(Array.isArray(data107)){
if(data107.length > 20){
const err406 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/6/properties/value/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err406];
}
else {
vErrors.push(err406);
}
errors++;
}
if(data107.length < 1){
const err407 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/6/properties/value/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err407];
}
else {
vErrors.push(err407);
}
errors++;
}
const len4 = data107.length;
for(let i5=0; i5<len4; i5++){
if(!(wrapper0.validate(data107[i5], {instancePath:instancePath+"/value/" + i5,parentData:data107,parentDataProperty:i5,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err408 = {instancePath:instancePath+"/value",schemaPath:"#/oneOf/6/properties/value/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err408];
}
else {
vErrors.push(err408);
}
errors++;
}
}
}
else {
const err409 = {instancePath,schemaPath:"#/oneOf/6/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err409];
}
else {
vErrors.push(err409);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "not"){
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.type === undefined){
const err410 = {instancePath,schemaPath:"#/oneOf/7/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err410];
}
else {
vErrors.push(err410);
}
errors++;
}
if(data.value === undefined){
const err411 = {instancePath,schemaPath:"#/oneOf/7/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err411];
}
else {
vErrors.push(err411);
}
errors++;
}
for(const key46 in data){
if(!(((key46 === "type") || (key46 === "operator")) || (key46 === "value"))){
const err412 = {instancePath,schemaPath:"#/oneOf/7/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key46},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err412];
}
else {
vErrors.push(err412);
}
errors++;
}
}
if(data.type !== undefined){
if("not" !== data.type){
const err413 = {instancePath:instancePath+"/type",schemaPath:"#/oneOf/7/properties/type/const",keyword:"const",params:{allowedValue: "not"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err413];
}
else {
vErrors.push(err413);
}
errors++;
}
}
if(data.operator !== undefined){
if("not" !== data.operator){
const err414 = {instancePath:instancePath+"/operator",schemaPath:"#/oneOf/7/properties/operator/const",keyword:"const",params:{allowedValue: "not"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err414];
}
else {
vErrors.push(err414);
}
errors++;
}
}
if(data.value !== undefined){
if(!(wrapper0.validate(data.value, {instancePath:instancePath+"/value",parentData:data,parentDataProperty:"value",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err415 = {instancePath,schemaPath:"#/oneOf/7/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err415];
}
else {
vErrors.push(err415);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else {
const err416 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf"};
if(vErrors === null){
vErrors = [err416];
}
else {
vErrors.push(err416);
}
errors++;
}
}
else {
const err417 = {instancePath,schemaPath:"#/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string"};
if(vErrors === null){
vErrors = [err417];
}
else {
vErrors.push(err417);
}
errors++;
}
}
else {
const err418 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err418];
}
else {
vErrors.push(err418);
}
errors++;
}
validate25.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate25.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-rule.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate24.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.effect === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "effect"},message:"must have required property '"+"effect"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.principals === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "principals"},message:"must have required property '"+"principals"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.resources === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "resources"},message:"must have required property '"+"resources"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.actions === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "actions"},message:"must have required property '"+"actions"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "effect") || (key0 === "principals")) || (key0 === "resources")) || (key0 === "actions")) || (key0 === "conditions"))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.effect !== undefined){
let data0 = data.effect;
if(!((data0 === "allow") || (data0 === "deny"))){
const err5 = {instancePath:instancePath+"/effect",schemaPath:"#/properties/effect/enum",keyword:"enum",params:{allowedValues: schema37.properties.effect.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.principals !== undefined){
let data1 = data.principals;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if(data1.type === undefined){
const err6 = {instancePath:instancePath+"/principals",schemaPath:"#/properties/principals/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key1 in data1){
if(!((key1 === "type") || (key1 === "attributes"))){
const err7 = {instancePath:instancePath+"/principals",schemaPath:"#/properties/principals/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data1.type !== undefined){
let data2 = data1.type;
if(typeof data2 === "string"){
if(func1(data2) > 100){
const err8 = {instancePath:instancePath+"/principals/type",schemaPath:"#/properties/principals/properties/type/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func1(data2) < 1){
const err9 = {instancePath:instancePath+"/principals/type",schemaPath:"#/properties/principals/properties/type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/principals/type",schemaPath:"#/properties/principals/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data1.attributes !== undefined){
let data3 = data1.attributes;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(Object.keys(data3).length > 50){
const err11 = {instancePath:instancePath+"/principals/attributes",schemaPath:"#/properties/principals/properties/attributes/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
for(const key2 in data3){
const _errs10 = errors;
if(typeof key2 === "string"){
if(func1(key2) > 100){
const err12 = {instancePath:instancePath+"/principals/attributes",schemaPath:"#/properties/principals/properties/attributes/propertyNames/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters",propertyName:key2};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
var valid2 = _errs10 === errors;
if(!valid2){
const err13 = {instancePath:instancePath+"/principals/attributes",schemaPath:"#/properties/principals/properties/attributes/propertyNames",keyword:"propertyNames",params:{propertyName: key2},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
for(const key3 in data3){
let data4 = data3[key3];
if(Array.isArray(data4)){
if(data4.length > 1000){
const err14 = {instancePath:instancePath+"/principals/attributes/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/properties/attributes/additionalProperties/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data4.length < 1){
const err15 = {instancePath:instancePath+"/principals/attributes/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/properties/attributes/additionalProperties/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(func1(data5) > 500){
const err16 = {instancePath:instancePath+"/principals/attributes/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i0,schemaPath:"#/properties/principals/properties/attributes/additionalProperties/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/principals/attributes/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i0,schemaPath:"#/properties/principals/properties/attributes/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
}
else {
const err18 = {instancePath:instancePath+"/principals/attributes/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/properties/attributes/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath:instancePath+"/principals/attributes",schemaPath:"#/properties/principals/properties/attributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/principals",schemaPath:"#/properties/principals/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.resources !== undefined){
let data6 = data.resources;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.type === undefined){
const err21 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data6.identifiers === undefined){
const err22 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/required",keyword:"required",params:{missingProperty: "identifiers"},message:"must have required property '"+"identifiers"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key4 in data6){
if(!(((key4 === "type") || (key4 === "identifiers")) || (key4 === "attributes"))){
const err23 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.type !== undefined){
let data7 = data6.type;
if(typeof data7 === "string"){
if(func1(data7) > 100){
const err24 = {instancePath:instancePath+"/resources/type",schemaPath:"#/properties/resources/properties/type/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(func1(data7) < 1){
const err25 = {instancePath:instancePath+"/resources/type",schemaPath:"#/properties/resources/properties/type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/resources/type",schemaPath:"#/properties/resources/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data6.identifiers !== undefined){
let data8 = data6.identifiers;
if(Array.isArray(data8)){
if(data8.length > 1000){
const err27 = {instancePath:instancePath+"/resources/identifiers",schemaPath:"#/properties/resources/properties/identifiers/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data8.length < 1){
const err28 = {instancePath:instancePath+"/resources/identifiers",schemaPath:"#/properties/resources/properties/identifiers/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
const len1 = data8.length;
for(let i1=0; i1<len1; i1++){
let data9 = data8[i1];
if(typeof data9 === "string"){
if(func1(data9) > 500){
const err29 = {instancePath:instancePath+"/resources/identifiers/" + i1,schemaPath:"#/properties/resources/properties/identifiers/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(func1(data9) < 1){
const err30 = {instancePath:instancePath+"/resources/identifiers/" + i1,schemaPath:"#/properties/resources/properties/identifiers/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/resources/identifiers/" + i1,schemaPath:"#/properties/resources/properties/identifiers/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/resources/identifiers",schemaPath:"#/properties/resources/properties/identifiers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data6.attributes !== undefined){
let data10 = data6.attributes;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(Object.keys(data10).length > 50){
const err33 = {instancePath:instancePath+"/resources/attributes",schemaPath:"#/properties/resources/properties/attributes/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
for(const key5 in data10){
const _errs27 = errors;
if(typeof key5 === "string"){
if(func1(key5) > 100){
const err34 = {instancePath:instancePath+"/resources/attributes",schemaPath:"#/properties/resources/properties/attributes/propertyNames/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters",propertyName:key5};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
var valid9 = _errs27 === errors;
if(!valid9){
const err35 = {instancePath:instancePath+"/resources/attributes",schemaPath:"#/properties/resources/properties/attributes/propertyNames",keyword:"propertyNames",params:{propertyName: key5},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
for(const key6 in data10){
let data11 = data10[key6];
if(Array.isArray(data11)){
if(data11.length > 1000){
const err36 = {instancePath:instancePath+"/resources/attributes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/attributes/additionalProperties/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data11.length < 1){
const err37 = {instancePath:instancePath+"/resources/attributes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/attributes/additionalProperties/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const len2 = data11.length;
for(let i2=0; i2<len2; i2++){
let data12 = data11[i2];
if(typeof data12 === "string"){
if(func1(data12) > 500){
const err38 = {instancePath:instancePath+"/resources/attributes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i2,schemaPath:"#/properties/resources/properties/attributes/additionalProperties/items/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/resources/attributes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i2,schemaPath:"#/properties/resources/properties/attributes/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath:instancePath+"/resources/attributes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/properties/attributes/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
else {
const err41 = {instancePath:instancePath+"/resources/attributes",schemaPath:"#/properties/resources/properties/attributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.actions !== undefined){
let data13 = data.actions;
if(Array.isArray(data13)){
if(data13.length > 100){
const err43 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data13.length < 1){
const err44 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
const len3 = data13.length;
for(let i3=0; i3<len3; i3++){
let data14 = data13[i3];
if(typeof data14 === "string"){
if(func1(data14) > 100){
const err45 = {instancePath:instancePath+"/actions/" + i3,schemaPath:"#/properties/actions/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(func1(data14) < 1){
const err46 = {instancePath:instancePath+"/actions/" + i3,schemaPath:"#/properties/actions/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/actions/" + i3,schemaPath:"#/properties/actions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
}
else {
const err48 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.conditions !== undefined){
let data15 = data.conditions;
if(Array.isArray(data15)){
if(data15.length > 20){
const err49 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
const len4 = data15.length;
for(let i4=0; i4<len4; i4++){
if(!(validate25(data15[i4], {instancePath:instancePath+"/conditions/" + i4,parentData:data15,parentDataProperty:i4,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate25.errors : vErrors.concat(validate25.errors);
errors = vErrors.length;
}
}
}
else {
const err50 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
}
else {
const err51 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-create-request.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate23.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.rules === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rules"},message:"must have required property '"+"rules"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "$schema") || (key0 === "name")) || (key0 === "description")) || (key0 === "status")) || (key0 === "rules")) || (key0 === "metadata"))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.$schema !== undefined){
if(typeof data.$schema !== "string"){
const err3 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func1(data1) > 200){
const err4 = {instancePath:instancePath+"/name",schemaPath:"name.json/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func1(data1) < 1){
const err5 = {instancePath:instancePath+"/name",schemaPath:"name.json/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(!pattern8.test(data1)){
const err6 = {instancePath:instancePath+"/name",schemaPath:"name.json/pattern",keyword:"pattern",params:{pattern: "^(?![0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$)[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029](?:[^\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029]*[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029])?$"},message:"must match pattern \""+"^(?![0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$)[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029](?:[^\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029]*[^\\s\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff\\u2028\\u2029])?$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!(formats6.validate(data1))){
const err7 = {instancePath:instancePath+"/name",schemaPath:"name.json/format",keyword:"format",params:{format: "nfc"},message:"must match format \""+"nfc"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/name",schemaPath:"name.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func1(data2) > 2000){
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.status !== undefined){
let data3 = data.status;
if(!(((data3 === "draft") || (data3 === "active")) || (data3 === "archived"))){
const err11 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema35.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.rules !== undefined){
let data4 = data.rules;
if(Array.isArray(data4)){
if(data4.length > 500){
const err12 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/maxItems",keyword:"maxItems",params:{limit: 500},message:"must NOT have more than 500 items"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
if(!(validate24(data4[i0], {instancePath:instancePath+"/rules/" + i0,parentData:data4,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate24.errors : vErrors.concat(validate24.errors);
errors = vErrors.length;
}
}
}
else {
const err13 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.metadata !== undefined){
let data6 = data.metadata;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(Object.keys(data6).length > 100){
const err14 = {instancePath:instancePath+"/metadata",schemaPath:"policy-metadata.json/maxProperties",keyword:"maxProperties",params:{limit: 100},message:"must NOT have more than 100 properties"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data6.owner !== undefined){
let data7 = data6.owner;
if(typeof data7 === "string"){
if(func1(data7) > 200){
const err15 = {instancePath:instancePath+"/metadata/owner",schemaPath:"policy-metadata.json/properties/owner/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/metadata/owner",schemaPath:"policy-metadata.json/properties/owner/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data6.compliance !== undefined){
let data8 = data6.compliance;
if(Array.isArray(data8)){
if(data8.length > 50){
const err17 = {instancePath:instancePath+"/metadata/compliance",schemaPath:"policy-metadata.json/properties/compliance/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const len1 = data8.length;
for(let i1=0; i1<len1; i1++){
let data9 = data8[i1];
if(typeof data9 === "string"){
if(func1(data9) > 100){
const err18 = {instancePath:instancePath+"/metadata/compliance/" + i1,schemaPath:"policy-metadata.json/properties/compliance/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
else {
const err19 = {instancePath:instancePath+"/metadata/compliance/" + i1,schemaPath:"policy-metadata.json/properties/compliance/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath:instancePath+"/metadata/compliance",schemaPath:"policy-metadata.json/properties/compliance/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.managed_by !== undefined){
let data10 = data6.managed_by;
if(typeof data10 === "string"){
if(func1(data10) > 200){
const err21 = {instancePath:instancePath+"/metadata/managed_by",schemaPath:"policy-metadata.json/properties/managed_by/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/metadata/managed_by",schemaPath:"policy-metadata.json/properties/managed_by/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.provenance !== undefined){
let data11 = data6.provenance;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(Object.keys(data11).length > 20){
const err23 = {instancePath:instancePath+"/metadata/provenance",schemaPath:"policy-metadata.json/properties/provenance/maxProperties",keyword:"maxProperties",params:{limit: 20},message:"must NOT have more than 20 properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key1 in data11){
if(!(func88.call(schema63.properties.provenance.properties, key1))){
const err24 = {instancePath:instancePath+"/metadata/provenance",schemaPath:"policy-metadata.json/properties/provenance/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data11.tool !== undefined){
let data12 = data11.tool;
if(typeof data12 === "string"){
if(func1(data12) > 100){
const err25 = {instancePath:instancePath+"/metadata/provenance/tool",schemaPath:"policy-metadata.json/properties/provenance/properties/tool/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
else {
const err26 = {instancePath:instancePath+"/metadata/provenance/tool",schemaPath:"policy-metadata.json/properties/provenance/properties/tool/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data11.commit !== undefined){
let data13 = data11.commit;
if(typeof data13 === "string"){
if(func1(data13) > 100){
const err27 = {instancePath:instancePath+"/metadata/provenance/commit",schemaPath:"policy-metadata.json/properties/provenance/properties/commit/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/metadata/provenance/commit",schemaPath:"policy-metadata.json/properties/provenance/properties/commit/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data11.run_url !== undefined){
let data14 = data11.run_url;
if(typeof data14 === "string"){
if(func1(data14) > 2000){
const err29 = {instancePath:instancePath+"/metadata/provenance/run_url",schemaPath:"policy-metadata.json/properties/provenance/properties/run_url/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
else {
const err30 = {instancePath:instancePath+"/metadata/provenance/run_url",schemaPath:"policy-metadata.json/properties/provenance/properties/run_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data11.actor !== undefined){
let data15 = data11.actor;
if(typeof data15 === "string"){
if(func1(data15) > 200){
const err31 = {instancePath:instancePath+"/metadata/provenance/actor",schemaPath:"policy-metadata.json/properties/provenance/properties/actor/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
else {
const err32 = {instancePath:instancePath+"/metadata/provenance/actor",schemaPath:"policy-metadata.json/properties/provenance/properties/actor/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data11.source !== undefined){
let data16 = data11.source;
if(typeof data16 === "string"){
if(func1(data16) > 500){
const err33 = {instancePath:instancePath+"/metadata/provenance/source",schemaPath:"policy-metadata.json/properties/provenance/properties/source/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
else {
const err34 = {instancePath:instancePath+"/metadata/provenance/source",schemaPath:"policy-metadata.json/properties/provenance/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data11.content_hash !== undefined){
let data17 = data11.content_hash;
if(typeof data17 === "string"){
if(!pattern35.test(data17)){
const err35 = {instancePath:instancePath+"/metadata/provenance/content_hash",schemaPath:"policy-metadata.json/properties/provenance/properties/content_hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
else {
const err36 = {instancePath:instancePath+"/metadata/provenance/content_hash",schemaPath:"policy-metadata.json/properties/provenance/properties/content_hash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data11.applied_at !== undefined){
let data18 = data11.applied_at;
if(typeof data18 === "string"){
if(!(formats4.validate(data18))){
const err37 = {instancePath:instancePath+"/metadata/provenance/applied_at",schemaPath:"policy-metadata.json/properties/provenance/properties/applied_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
else {
const err38 = {instancePath:instancePath+"/metadata/provenance/applied_at",schemaPath:"policy-metadata.json/properties/provenance/properties/applied_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data11.rolled_back_from !== undefined){
let data19 = data11.rolled_back_from;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err39 = {instancePath:instancePath+"/metadata/provenance/rolled_back_from",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_from/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 1 || isNaN(data19)){
const err40 = {instancePath:instancePath+"/metadata/provenance/rolled_back_from",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_from/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
if(data11.rolled_back_to !== undefined){
let data20 = data11.rolled_back_to;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err41 = {instancePath:instancePath+"/metadata/provenance/rolled_back_to",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_to/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 1 || isNaN(data20)){
const err42 = {instancePath:instancePath+"/metadata/provenance/rolled_back_to",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_to/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
if(data11.policy_set !== undefined){
let data21 = data11.policy_set;
if(typeof data21 === "string"){
if(!(formats18.test(data21))){
const err43 = {instancePath:instancePath+"/metadata/provenance/policy_set",schemaPath:"policy-metadata.json/properties/provenance/properties/policy_set/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
else {
const err44 = {instancePath:instancePath+"/metadata/provenance/policy_set",schemaPath:"policy-metadata.json/properties/provenance/properties/policy_set/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
else {
const err45 = {instancePath:instancePath+"/metadata/provenance",schemaPath:"policy-metadata.json/properties/provenance/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
}
else {
const err46 = {instancePath:instancePath+"/metadata",schemaPath:"policy-metadata.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
}
else {
const err47 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}
validate23.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};


function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.file === undefined){
const err1 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.line === undefined){
const err2 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.col === undefined){
const err3 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "col"},message:"must have required property '"+"col"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.action === undefined){
const err4 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.content === undefined){
const err5 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.content_hash === undefined){
const err6 = {instancePath,schemaPath:"#/oneOf/0/required",keyword:"required",params:{missingProperty: "content_hash"},message:"must have required property '"+"content_hash"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "name") || (key0 === "file")) || (key0 === "line")) || (key0 === "col")) || (key0 === "action")) || (key0 === "content")) || (key0 === "content_hash")) || (key0 === "restores"))){
const err7 = {instancePath,schemaPath:"#/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.name !== undefined){
let data0 = data.name;
if(typeof data0 === "string"){
if(func1(data0) < 1){
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/0/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/0/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.file !== undefined){
if(typeof data.file !== "string"){
const err10 = {instancePath:instancePath+"/file",schemaPath:"#/oneOf/0/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.line !== undefined){
let data2 = data.line;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err11 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/0/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 1 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/0/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data.col !== undefined){
let data3 = data.col;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err13 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/0/properties/col/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err14 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/0/properties/col/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.action !== undefined){
if("create" !== data.action){
const err15 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/0/properties/action/const",keyword:"const",params:{allowedValue: "create"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.content !== undefined){
if(!(validate23(data.content, {instancePath:instancePath+"/content",parentData:data,parentDataProperty:"content",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
if(data.content_hash !== undefined){
let data6 = data.content_hash;
if(typeof data6 === "string"){
if(!pattern35.test(data6)){
const err16 = {instancePath:instancePath+"/content_hash",schemaPath:"#/oneOf/0/properties/content_hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/content_hash",schemaPath:"#/oneOf/0/properties/content_hash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.restores !== undefined){
let data7 = data.restores;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.id === undefined){
const err18 = {instancePath:instancePath+"/restores",schemaPath:"#/oneOf/0/properties/restores/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data7.expected_version === undefined){
const err19 = {instancePath:instancePath+"/restores",schemaPath:"#/oneOf/0/properties/restores/required",keyword:"required",params:{missingProperty: "expected_version"},message:"must have required property '"+"expected_version"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key1 in data7){
if(!((key1 === "id") || (key1 === "expected_version"))){
const err20 = {instancePath:instancePath+"/restores",schemaPath:"#/oneOf/0/properties/restores/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data7.id !== undefined){
let data8 = data7.id;
if(typeof data8 === "string"){
if(func1(data8) < 1){
const err21 = {instancePath:instancePath+"/restores/id",schemaPath:"#/oneOf/0/properties/restores/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/restores/id",schemaPath:"#/oneOf/0/properties/restores/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data7.expected_version !== undefined){
let data9 = data7.expected_version;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err23 = {instancePath:instancePath+"/restores/expected_version",schemaPath:"#/oneOf/0/properties/restores/properties/expected_version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 1 || isNaN(data9)){
const err24 = {instancePath:instancePath+"/restores/expected_version",schemaPath:"#/oneOf/0/properties/restores/properties/expected_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
}
else {
const err25 = {instancePath:instancePath+"/restores",schemaPath:"#/oneOf/0/properties/restores/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = true;
}
const _errs23 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err27 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data.file === undefined){
const err28 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data.line === undefined){
const err29 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data.col === undefined){
const err30 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "col"},message:"must have required property '"+"col"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data.action === undefined){
const err31 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data.id === undefined){
const err32 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data.expected_version === undefined){
const err33 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "expected_version"},message:"must have required property '"+"expected_version"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data.content === undefined){
const err34 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data.content_hash === undefined){
const err35 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "content_hash"},message:"must have required property '"+"content_hash"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data.diff === undefined){
const err36 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "diff"},message:"must have required property '"+"diff"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
for(const key2 in data){
if(!(func88.call(schema34.oneOf[1].properties, key2))){
const err37 = {instancePath,schemaPath:"#/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.name !== undefined){
let data10 = data.name;
if(typeof data10 === "string"){
if(func1(data10) < 1){
const err38 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/1/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/1/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.file !== undefined){
if(typeof data.file !== "string"){
const err40 = {instancePath:instancePath+"/file",schemaPath:"#/oneOf/1/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.line !== undefined){
let data12 = data.line;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err41 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/1/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 1 || isNaN(data12)){
const err42 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/1/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
}
if(data.col !== undefined){
let data13 = data.col;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err43 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/1/properties/col/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 1 || isNaN(data13)){
const err44 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/1/properties/col/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
if(data.action !== undefined){
if("update" !== data.action){
const err45 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/1/properties/action/const",keyword:"const",params:{allowedValue: "update"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.id !== undefined){
let data15 = data.id;
if(typeof data15 === "string"){
if(func1(data15) < 1){
const err46 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/1/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
else {
const err47 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/1/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data16 = data.expected_version;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err48 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/1/properties/expected_version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 1 || isNaN(data16)){
const err49 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/1/properties/expected_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
if(data.content !== undefined){
if(!(validate23(data.content, {instancePath:instancePath+"/content",parentData:data,parentDataProperty:"content",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
if(data.content_hash !== undefined){
let data18 = data.content_hash;
if(typeof data18 === "string"){
if(!pattern35.test(data18)){
const err50 = {instancePath:instancePath+"/content_hash",schemaPath:"#/oneOf/1/properties/content_hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
else {
const err51 = {instancePath:instancePath+"/content_hash",schemaPath:"#/oneOf/1/properties/content_hash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.diff !== undefined){
let data19 = data.diff;
if(Array.isArray(data19)){
const len0 = data19.length;
for(let i0=0; i0<len0; i0++){
let data20 = data19[i0];
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.path === undefined){
const err52 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data20.kind === undefined){
const err53 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data20.text === undefined){
const err54 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
for(const key3 in data20){
if(!((((((key3 === "path") || (key3 === "kind")) || (key3 === "text")) || (key3 === "rule_index")) || (key3 === "before")) || (key3 === "after"))){
const err55 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data20.path !== undefined){
if(typeof data20.path !== "string"){
const err56 = {instancePath:instancePath+"/diff/" + i0+"/path",schemaPath:"#/$defs/diffEntry/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data20.kind !== undefined){
let data22 = data20.kind;
if(!(((data22 === "added") || (data22 === "removed")) || (data22 === "changed"))){
const err57 = {instancePath:instancePath+"/diff/" + i0+"/kind",schemaPath:"#/$defs/diffEntry/properties/kind/enum",keyword:"enum",params:{allowedValues: schema64.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data20.text !== undefined){
if(typeof data20.text !== "string"){
const err58 = {instancePath:instancePath+"/diff/" + i0+"/text",schemaPath:"#/$defs/diffEntry/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data20.rule_index !== undefined){
let data24 = data20.rule_index;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err59 = {instancePath:instancePath+"/diff/" + i0+"/rule_index",schemaPath:"#/$defs/diffEntry/properties/rule_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
const err60 = {instancePath:instancePath+"/diff/" + i0+"/rule_index",schemaPath:"#/$defs/diffEntry/properties/rule_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
}
if(data20.before !== undefined){
let data25 = data20.before;
if((((typeof data25 != "object") && (typeof data25 !== "string")) && (!((typeof data25 == "number") && (isFinite(data25))))) && (typeof data25 !== "boolean")){
const err61 = {instancePath:instancePath+"/diff/" + i0+"/before",schemaPath:"#/$defs/diffEntry/properties/before/type",keyword:"type",params:{type: schema64.properties.before.type},message:"must be string,number,boolean,array,object,null"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data20.after !== undefined){
let data26 = data20.after;
if((((typeof data26 != "object") && (typeof data26 !== "string")) && (!((typeof data26 == "number") && (isFinite(data26))))) && (typeof data26 !== "boolean")){
const err62 = {instancePath:instancePath+"/diff/" + i0+"/after",schemaPath:"#/$defs/diffEntry/properties/after/type",keyword:"type",params:{type: schema64.properties.after.type},message:"must be string,number,boolean,array,object,null"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
}
else {
const err63 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
else {
const err64 = {instancePath:instancePath+"/diff",schemaPath:"#/oneOf/1/properties/diff/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.drift !== undefined){
let data27 = data.drift;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
if(data27.updated_by === undefined){
const err65 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "updated_by"},message:"must have required property '"+"updated_by"+"'"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data27.updated_at === undefined){
const err66 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "updated_at"},message:"must have required property '"+"updated_at"+"'"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data27.version === undefined){
const err67 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(data27.reason === undefined){
const err68 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
for(const key4 in data27){
if(!((((key4 === "updated_by") || (key4 === "updated_at")) || (key4 === "version")) || (key4 === "reason"))){
const err69 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data27.updated_by !== undefined){
if(typeof data27.updated_by !== "string"){
const err70 = {instancePath:instancePath+"/drift/updated_by",schemaPath:"#/$defs/drift/properties/updated_by/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data27.updated_at !== undefined){
let data29 = data27.updated_at;
if(typeof data29 === "string"){
if(!(formats4.validate(data29))){
const err71 = {instancePath:instancePath+"/drift/updated_at",schemaPath:"#/$defs/drift/properties/updated_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
else {
const err72 = {instancePath:instancePath+"/drift/updated_at",schemaPath:"#/$defs/drift/properties/updated_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data27.version !== undefined){
let data30 = data27.version;
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
const err73 = {instancePath:instancePath+"/drift/version",schemaPath:"#/$defs/drift/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 < 1 || isNaN(data30)){
const err74 = {instancePath:instancePath+"/drift/version",schemaPath:"#/$defs/drift/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
if(data27.reason !== undefined){
let data31 = data27.reason;
if(!((data31 === "changed_since_apply") || (data31 === "provenance_removed"))){
const err75 = {instancePath:instancePath+"/drift/reason",schemaPath:"#/$defs/drift/properties/reason/enum",keyword:"enum",params:{allowedValues: schema65.properties.reason.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
else {
const err76 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
}
else {
const err77 = {instancePath,schemaPath:"#/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
var _valid0 = _errs23 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
if(props0 !== true){
props0 = true;
}
}
const _errs70 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err78 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if(data.file === undefined){
const err79 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(data.line === undefined){
const err80 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(data.col === undefined){
const err81 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "col"},message:"must have required property '"+"col"+"'"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(data.action === undefined){
const err82 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if(data.id === undefined){
const err83 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(data.version === undefined){
const err84 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
for(const key5 in data){
if(!(((((((key5 === "name") || (key5 === "file")) || (key5 === "line")) || (key5 === "col")) || (key5 === "action")) || (key5 === "id")) || (key5 === "version"))){
const err85 = {instancePath,schemaPath:"#/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data.name !== undefined){
let data32 = data.name;
if(typeof data32 === "string"){
if(func1(data32) < 1){
const err86 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/2/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
else {
const err87 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/2/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data.file !== undefined){
if(typeof data.file !== "string"){
const err88 = {instancePath:instancePath+"/file",schemaPath:"#/oneOf/2/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
if(data.line !== undefined){
let data34 = data.line;
if(!(((typeof data34 == "number") && (!(data34 % 1) && !isNaN(data34))) && (isFinite(data34)))){
const err89 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/2/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if((typeof data34 == "number") && (isFinite(data34))){
if(data34 < 1 || isNaN(data34)){
const err90 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/2/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
}
if(data.col !== undefined){
let data35 = data.col;
if(!(((typeof data35 == "number") && (!(data35 % 1) && !isNaN(data35))) && (isFinite(data35)))){
const err91 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/2/properties/col/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 < 1 || isNaN(data35)){
const err92 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/2/properties/col/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
}
if(data.action !== undefined){
if("unchanged" !== data.action){
const err93 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/2/properties/action/const",keyword:"const",params:{allowedValue: "unchanged"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data.id !== undefined){
let data37 = data.id;
if(typeof data37 === "string"){
if(func1(data37) < 1){
const err94 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/2/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
else {
const err95 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/2/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
if(data.version !== undefined){
let data38 = data.version;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err96 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/2/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 < 1 || isNaN(data38)){
const err97 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/2/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
}
}
else {
const err98 = {instancePath,schemaPath:"#/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
var _valid0 = _errs70 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid0 = true;
passing0 = 2;
if(props0 !== true){
props0 = true;
}
}
const _errs86 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err99 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
if(data.file === undefined){
const err100 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
if(data.line === undefined){
const err101 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
if(data.col === undefined){
const err102 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "col"},message:"must have required property '"+"col"+"'"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
if(data.action === undefined){
const err103 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
if(data.id === undefined){
const err104 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
if(data.reason === undefined){
const err105 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
for(const key6 in data){
if(!(((((((key6 === "name") || (key6 === "file")) || (key6 === "line")) || (key6 === "col")) || (key6 === "action")) || (key6 === "id")) || (key6 === "reason"))){
const err106 = {instancePath,schemaPath:"#/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data.name !== undefined){
let data39 = data.name;
if(typeof data39 === "string"){
if(func1(data39) < 1){
const err107 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/3/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
else {
const err108 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/3/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
if(data.file !== undefined){
if(typeof data.file !== "string"){
const err109 = {instancePath:instancePath+"/file",schemaPath:"#/oneOf/3/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
if(data.line !== undefined){
let data41 = data.line;
if(!(((typeof data41 == "number") && (!(data41 % 1) && !isNaN(data41))) && (isFinite(data41)))){
const err110 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/3/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if((typeof data41 == "number") && (isFinite(data41))){
if(data41 < 1 || isNaN(data41)){
const err111 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/3/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
}
if(data.col !== undefined){
let data42 = data.col;
if(!(((typeof data42 == "number") && (!(data42 % 1) && !isNaN(data42))) && (isFinite(data42)))){
const err112 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/3/properties/col/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
if((typeof data42 == "number") && (isFinite(data42))){
if(data42 < 1 || isNaN(data42)){
const err113 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/3/properties/col/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
}
if(data.action !== undefined){
if("blocked" !== data.action){
const err114 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/3/properties/action/const",keyword:"const",params:{allowedValue: "blocked"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
if(data.id !== undefined){
let data44 = data.id;
if(typeof data44 === "string"){
if(func1(data44) < 1){
const err115 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/3/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
else {
const err116 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/3/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
if(data.reason !== undefined){
if(typeof data.reason !== "string"){
const err117 = {instancePath:instancePath+"/reason",schemaPath:"#/oneOf/3/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
}
else {
const err118 = {instancePath,schemaPath:"#/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
var _valid0 = _errs86 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 3];
}
else {
if(_valid0){
valid0 = true;
passing0 = 3;
if(props0 !== true){
props0 = true;
}
}
const _errs102 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.action === undefined){
const err119 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if(data.name === undefined){
const err120 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
if(data.id === undefined){
const err121 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
if(data.expected_version === undefined){
const err122 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "expected_version"},message:"must have required property '"+"expected_version"+"'"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
for(const key7 in data){
if(!((((key7 === "action") || (key7 === "name")) || (key7 === "id")) || (key7 === "expected_version"))){
const err123 = {instancePath,schemaPath:"#/oneOf/4/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
if(data.action !== undefined){
if("delete" !== data.action){
const err124 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/4/properties/action/const",keyword:"const",params:{allowedValue: "delete"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
if(data.name !== undefined){
let data47 = data.name;
if(typeof data47 === "string"){
if(func1(data47) < 1){
const err125 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/4/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
else {
const err126 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/4/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data.id !== undefined){
let data48 = data.id;
if(typeof data48 === "string"){
if(func1(data48) < 1){
const err127 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/4/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
else {
const err128 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/4/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data49 = data.expected_version;
if(!(((typeof data49 == "number") && (!(data49 % 1) && !isNaN(data49))) && (isFinite(data49)))){
const err129 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/4/properties/expected_version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
if((typeof data49 == "number") && (isFinite(data49))){
if(data49 < 1 || isNaN(data49)){
const err130 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/4/properties/expected_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
}
}
else {
const err131 = {instancePath,schemaPath:"#/oneOf/4/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
var _valid0 = _errs102 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 4];
}
else {
if(_valid0){
valid0 = true;
passing0 = 4;
if(props0 !== true){
props0 = true;
}
}
const _errs112 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.action === undefined){
const err132 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
if(data.name === undefined){
const err133 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
if(data.id === undefined){
const err134 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
if(data.version === undefined){
const err135 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
for(const key8 in data){
if(!((((key8 === "action") || (key8 === "name")) || (key8 === "id")) || (key8 === "version"))){
const err136 = {instancePath,schemaPath:"#/oneOf/5/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
}
if(data.action !== undefined){
if("orphaned" !== data.action){
const err137 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/5/properties/action/const",keyword:"const",params:{allowedValue: "orphaned"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
}
if(data.name !== undefined){
let data51 = data.name;
if(typeof data51 === "string"){
if(func1(data51) < 1){
const err138 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/5/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
else {
const err139 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/5/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
if(data.id !== undefined){
let data52 = data.id;
if(typeof data52 === "string"){
if(func1(data52) < 1){
const err140 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/5/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
}
else {
const err141 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/5/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
if(data.version !== undefined){
let data53 = data.version;
if(!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))){
const err142 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/5/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 < 1 || isNaN(data53)){
const err143 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/5/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
}
}
else {
const err144 = {instancePath,schemaPath:"#/oneOf/5/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
var _valid0 = _errs112 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 5];
}
else {
if(_valid0){
valid0 = true;
passing0 = 5;
if(props0 !== true){
props0 = true;
}
}
}
}
}
}
}
if(!valid0){
const err145 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
else {
errors = _errs0;
if(vErrors !== null){
if(_errs0){
vErrors.length = _errs0;
}
else {
vErrors = null;
}
}
}
validate22.errors = vErrors;
evaluated0.props = props0;
return errors === 0;
}
validate22.evaluated = {"dynamicProps":true,"dynamicItems":false};


function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/cli/policy-plan-file.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate21.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.format === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.server === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "server"},message:"must have required property '"+"server"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.owner === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "owner"},message:"must have required property '"+"owner"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.prune === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prune"},message:"must have required property '"+"prune"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.created_at === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "created_at"},message:"must have required property '"+"created_at"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.changes === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "changes"},message:"must have required property '"+"changes"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.summary === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "summary"},message:"must have required property '"+"summary"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "format_version") || (key0 === "format")) || (key0 === "server")) || (key0 === "owner")) || (key0 === "prune")) || (key0 === "created_at")) || (key0 === "changes")) || (key0 === "summary"))){
const err7 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.format_version !== undefined){
let data0 = data.format_version;
if(typeof data0 !== "string"){
const err8 = {instancePath:instancePath+"/format_version",schemaPath:"format-version.json/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if("1" !== data0){
const err9 = {instancePath:instancePath+"/format_version",schemaPath:"format-version.json/const",keyword:"const",params:{allowedValue: "1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.format !== undefined){
if(1 !== data.format){
const err10 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.server !== undefined){
let data2 = data.server;
if(typeof data2 === "string"){
if(func1(data2) < 1){
const err11 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/server",schemaPath:"#/properties/server/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.owner !== undefined){
let data3 = data.owner;
if((typeof data3 !== "string") && (data3 !== null)){
const err13 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/type",keyword:"type",params:{type: schema32.properties.owner.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(typeof data3 === "string"){
if(func1(data3) < 1){
const err14 = {instancePath:instancePath+"/owner",schemaPath:"#/properties/owner/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
if(data.prune !== undefined){
if(typeof data.prune !== "boolean"){
const err15 = {instancePath:instancePath+"/prune",schemaPath:"#/properties/prune/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.created_at !== undefined){
let data5 = data.created_at;
if(typeof data5 === "string"){
if(!(formats4.validate(data5))){
const err16 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.changes !== undefined){
let data6 = data.changes;
if(Array.isArray(data6)){
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
if(!(validate22(data6[i0], {instancePath:instancePath+"/changes/" + i0,parentData:data6,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
errors = vErrors.length;
}
}
}
else {
const err18 = {instancePath:instancePath+"/changes",schemaPath:"#/properties/changes/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.summary !== undefined){
let data8 = data.summary;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.create === undefined){
const err19 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/required",keyword:"required",params:{missingProperty: "create"},message:"must have required property '"+"create"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data8.update === undefined){
const err20 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/required",keyword:"required",params:{missingProperty: "update"},message:"must have required property '"+"update"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data8.delete === undefined){
const err21 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/required",keyword:"required",params:{missingProperty: "delete"},message:"must have required property '"+"delete"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data8.unchanged === undefined){
const err22 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/required",keyword:"required",params:{missingProperty: "unchanged"},message:"must have required property '"+"unchanged"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data8.drifted === undefined){
const err23 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/required",keyword:"required",params:{missingProperty: "drifted"},message:"must have required property '"+"drifted"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data8.orphaned === undefined){
const err24 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/required",keyword:"required",params:{missingProperty: "orphaned"},message:"must have required property '"+"orphaned"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data8.blocked === undefined){
const err25 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/required",keyword:"required",params:{missingProperty: "blocked"},message:"must have required property '"+"blocked"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
for(const key1 in data8){
if(!(((((((key1 === "create") || (key1 === "update")) || (key1 === "delete")) || (key1 === "unchanged")) || (key1 === "drifted")) || (key1 === "orphaned")) || (key1 === "blocked"))){
const err26 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data8.create !== undefined){
let data9 = data8.create;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err27 = {instancePath:instancePath+"/summary/create",schemaPath:"#/$defs/summary/properties/create/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err28 = {instancePath:instancePath+"/summary/create",schemaPath:"#/$defs/summary/properties/create/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
if(data8.update !== undefined){
let data10 = data8.update;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err29 = {instancePath:instancePath+"/summary/update",schemaPath:"#/$defs/summary/properties/update/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err30 = {instancePath:instancePath+"/summary/update",schemaPath:"#/$defs/summary/properties/update/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
if(data8.delete !== undefined){
let data11 = data8.delete;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err31 = {instancePath:instancePath+"/summary/delete",schemaPath:"#/$defs/summary/properties/delete/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err32 = {instancePath:instancePath+"/summary/delete",schemaPath:"#/$defs/summary/properties/delete/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
}
if(data8.unchanged !== undefined){
let data12 = data8.unchanged;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err33 = {instancePath:instancePath+"/summary/unchanged",schemaPath:"#/$defs/summary/properties/unchanged/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err34 = {instancePath:instancePath+"/summary/unchanged",schemaPath:"#/$defs/summary/properties/unchanged/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
}
if(data8.drifted !== undefined){
let data13 = data8.drifted;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err35 = {instancePath:instancePath+"/summary/drifted",schemaPath:"#/$defs/summary/properties/drifted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err36 = {instancePath:instancePath+"/summary/drifted",schemaPath:"#/$defs/summary/properties/drifted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
if(data8.orphaned !== undefined){
let data14 = data8.orphaned;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err37 = {instancePath:instancePath+"/summary/orphaned",schemaPath:"#/$defs/summary/properties/orphaned/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
const err38 = {instancePath:instancePath+"/summary/orphaned",schemaPath:"#/$defs/summary/properties/orphaned/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
if(data8.blocked !== undefined){
let data15 = data8.blocked;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err39 = {instancePath:instancePath+"/summary/blocked",schemaPath:"#/$defs/summary/properties/blocked/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err40 = {instancePath:instancePath+"/summary/blocked",schemaPath:"#/$defs/summary/properties/blocked/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
}
}
else {
const err41 = {instancePath:instancePath+"/summary",schemaPath:"#/$defs/summary/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const policyCreateRequest = validate23;

export const policyTest = validate31;
const schema67 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-test.json","title":"PolicyTestFile","description":"A policy test file (*.test.yaml), run offline by `acctl policy test` with the server's engine. Named principals and resources, then tests: every combination of a test's principals, resources and actions must get the expected decision at the test's time.","type":"object","required":["name","tests"],"properties":{"$schema":{"type":"string","description":"Ignored; lets the file name its schema for editors."},"name":{"type":"string","minLength":1,"maxLength":200,"description":"Name of this group of tests."},"description":{"type":"string","maxLength":2000},"policies":{"type":"array","items":{"type":"string","minLength":1,"maxLength":200},"minItems":1,"maxItems":500,"uniqueItems":true,"description":"Evaluate exactly these policies (by name), whatever their status, as a simulation does. Without it: every active policy of the folder, as the server enforces them."},"at":{"type":"string","format":"date-time","description":"Time of the tests that do not set their own (RFC 3339, e.g. 2026-03-10T14:00:00Z): time conditions read it."},"context":{"type":"object","description":"Request context of every test; a test's own context is merged over it.","properties":{"ip_address":{"type":"string","maxLength":45},"risk_score":{"type":"number"},"device_trusted":{"type":"boolean"},"mfa_verified":{"type":"boolean"},"delegation":{"$ref":"request-delegation.json"}},"maxProperties":50,"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}},"principals":{"type":"object","description":"Principals by the name tests use.","maxProperties":500,"additionalProperties":{"type":"object","required":["type"],"properties":{"id":{"type":"string","maxLength":200},"type":{"type":"string","minLength":1,"maxLength":100,"description":"Principal type, e.g. USER."},"attributes":{"type":"object","maxProperties":100,"propertyNames":{"maxLength":100},"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}}},"additionalProperties":false}},"resources":{"type":"object","description":"Resources by the name tests use.","maxProperties":500,"additionalProperties":{"type":"object","required":["type","identifier"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Resource type, e.g. database."},"identifier":{"type":"string","minLength":1,"maxLength":500},"attributes":{"type":"object","description":"Resource attributes by name (owner, classification, tags...): a string, number or boolean, or an array of them. Conditions read them as resource.attributes.NAME.","maxProperties":100,"propertyNames":{"maxLength":100},"additionalProperties":{"$ref":"policy-attribute-value.json"}}},"additionalProperties":false}},"tests":{"type":"array","minItems":1,"maxItems":1000,"items":{"type":"object","required":["name","principals","resources","actions","expect"],"properties":{"name":{"type":"string","minLength":1,"maxLength":200},"principals":{"type":"array","items":{"type":"string","minLength":1},"minItems":1,"maxItems":100,"description":"Names from the file's principals."},"resources":{"type":"array","items":{"type":"string","minLength":1},"minItems":1,"maxItems":100,"description":"Names from the file's resources."},"actions":{"type":"array","items":{"type":"string","minLength":1,"maxLength":100},"minItems":1,"maxItems":100},"at":{"type":"string","format":"date-time","description":"Time of this test; default: the file's `at`."},"context":{"type":"object","description":"Merged over the file's context.","properties":{"ip_address":{"type":"string","maxLength":45},"risk_score":{"type":"number"},"device_trusted":{"type":"boolean"},"mfa_verified":{"type":"boolean"},"delegation":{"$ref":"request-delegation.json"}},"maxProperties":50,"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}},"expect":{"enum":["allow","deny"],"description":"The decision every combination must get."},"matched":{"type":"array","description":"When given, exactly these rules must match (apply) in every combination, in any order; [] means none.","maxItems":100,"items":{"type":"object","required":["policy","rule"],"properties":{"policy":{"type":"string","minLength":1,"maxLength":200,"description":"Policy name."},"rule":{"type":"integer","minimum":0,"description":"Zero-based index of the rule in the policy."}},"additionalProperties":false}}},"additionalProperties":false}}},"additionalProperties":false};
const schema68 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/request-delegation.json","title":"RequestDelegation","description":"Who acts for whom (RFC 8693 section 4.1's act chain), as policies read it at context.delegation.FIELD. Each field is read on its own and is unknown when absent. POST /decisions/evaluate and /decisions/batch: an application forwarding a delegation it was told of sends it here and it is recorded as asserted (verified false; sending verified true is refused, 400), depth is set to the number of actors; when the caller's own access token carries act, the verified chain from the token replaces it. Simulations and policy tests take it as written.","type":"object","properties":{"subject":{"type":"string","maxLength":200,"description":"The principal the actors act for (the token's sub)."},"actors":{"type":"array","maxItems":10,"items":{"type":"string","maxLength":200},"description":"The actors' ids, nearest first (the outermost act's sub first)."},"actor_types":{"type":"array","maxItems":10,"items":{"type":"string","maxLength":100},"description":"The actors' principal types (USER, SERVICE, AGENT), in the order of actors."},"depth":{"type":"number","description":"How many actors stand between the subject and the request: 1 for an agent acting for a person."},"verified":{"type":"boolean","description":"true when the chain is the act claim of the caller's verified access token; false when an application asserted it."}},"additionalProperties":false};
const schema69 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-attribute-value.json","title":"PolicyAttributeValue","description":"An attribute value a request may carry on its resource: a string, number or boolean, or an array of them.","anyOf":[{"type":["string","number","boolean"],"maxLength":1000},{"type":"array","items":{"type":["string","number","boolean"],"maxLength":1000},"maxItems":1000}]};

function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-test.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate31.evaluated;
if(evaluated0.dynamicProps){
evaluated0.props = undefined;
}
if(evaluated0.dynamicItems){
evaluated0.items = undefined;
}
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.tests === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tests"},message:"must have required property '"+"tests"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(func88.call(schema67.properties, key0))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.$schema !== undefined){
if(typeof data.$schema !== "string"){
const err3 = {instancePath:instancePath+"/$schema",schemaPath:"#/properties/%24schema/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func1(data1) > 200){
const err4 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(func1(data1) < 1){
const err5 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func1(data2) > 2000){
const err7 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.policies !== undefined){
let data3 = data.policies;
if(Array.isArray(data3)){
if(data3.length > 500){
const err9 = {instancePath:instancePath+"/policies",schemaPath:"#/properties/policies/maxItems",keyword:"maxItems",params:{limit: 500},message:"must NOT have more than 500 items"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data3.length < 1){
const err10 = {instancePath:instancePath+"/policies",schemaPath:"#/properties/policies/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(typeof data4 === "string"){
if(func1(data4) > 200){
const err11 = {instancePath:instancePath+"/policies/" + i0,schemaPath:"#/properties/policies/items/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(func1(data4) < 1){
const err12 = {instancePath:instancePath+"/policies/" + i0,schemaPath:"#/properties/policies/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/policies/" + i0,schemaPath:"#/properties/policies/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
let i1 = data3.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data3[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err14 = {instancePath:instancePath+"/policies",schemaPath:"#/properties/policies/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err15 = {instancePath:instancePath+"/policies",schemaPath:"#/properties/policies/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.at !== undefined){
let data5 = data.at;
if(typeof data5 === "string"){
if(!(formats4.validate(data5))){
const err16 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
else {
const err17 = {instancePath:instancePath+"/at",schemaPath:"#/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.context !== undefined){
let data6 = data.context;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(Object.keys(data6).length > 50){
const err18 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key1 in data6){
if(!(((((key1 === "ip_address") || (key1 === "risk_score")) || (key1 === "device_trusted")) || (key1 === "mfa_verified")) || (key1 === "delegation"))){
let data7 = data6[key1];
if((((typeof data7 !== "string") && (!((typeof data7 == "number") && (isFinite(data7))))) && (typeof data7 !== "boolean")) && (data7 !== null)){
const err19 = {instancePath:instancePath+"/context/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/context/additionalProperties/type",keyword:"type",params:{type: schema67.properties.context.additionalProperties.type},message:"must be string,number,boolean,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(typeof data7 === "string"){
if(func1(data7) > 1000){
const err20 = {instancePath:instancePath+"/context/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/context/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
}
if(data6.ip_address !== undefined){
let data8 = data6.ip_address;
if(typeof data8 === "string"){
if(func1(data8) > 45){
const err21 = {instancePath:instancePath+"/context/ip_address",schemaPath:"#/properties/context/properties/ip_address/maxLength",keyword:"maxLength",params:{limit: 45},message:"must NOT have more than 45 characters"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/context/ip_address",schemaPath:"#/properties/context/properties/ip_address/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data6.risk_score !== undefined){
let data9 = data6.risk_score;
if(!((typeof data9 == "number") && (isFinite(data9)))){
const err23 = {instancePath:instancePath+"/context/risk_score",schemaPath:"#/properties/context/properties/risk_score/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data6.device_trusted !== undefined){
if(typeof data6.device_trusted !== "boolean"){
const err24 = {instancePath:instancePath+"/context/device_trusted",schemaPath:"#/properties/context/properties/device_trusted/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data6.mfa_verified !== undefined){
if(typeof data6.mfa_verified !== "boolean"){
const err25 = {instancePath:instancePath+"/context/mfa_verified",schemaPath:"#/properties/context/properties/mfa_verified/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data6.delegation !== undefined){
let data12 = data6.delegation;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
for(const key2 in data12){
if(!(((((key2 === "subject") || (key2 === "actors")) || (key2 === "actor_types")) || (key2 === "depth")) || (key2 === "verified"))){
const err26 = {instancePath:instancePath+"/context/delegation",schemaPath:"request-delegation.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data12.subject !== undefined){
let data13 = data12.subject;
if(typeof data13 === "string"){
if(func1(data13) > 200){
const err27 = {instancePath:instancePath+"/context/delegation/subject",schemaPath:"request-delegation.json/properties/subject/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/context/delegation/subject",schemaPath:"request-delegation.json/properties/subject/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data12.actors !== undefined){
let data14 = data12.actors;
if(Array.isArray(data14)){
if(data14.length > 10){
const err29 = {instancePath:instancePath+"/context/delegation/actors",schemaPath:"request-delegation.json/properties/actors/maxItems",keyword:"maxItems",params:{limit: 10},message:"must NOT have more than 10 items"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
const len1 = data14.length;
for(let i2=0; i2<len1; i2++){
let data15 = data14[i2];
if(typeof data15 === "string"){
if(func1(data15) > 200){
const err30 = {instancePath:instancePath+"/context/delegation/actors/" + i2,schemaPath:"request-delegation.json/properties/actors/items/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/context/delegation/actors/" + i2,schemaPath:"request-delegation.json/properties/actors/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/context/delegation/actors",schemaPath:"request-delegation.json/properties/actors/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data12.actor_types !== undefined){
let data16 = data12.actor_types;
if(Array.isArray(data16)){
if(data16.length > 10){
const err33 = {instancePath:instancePath+"/context/delegation/actor_types",schemaPath:"request-delegation.json/properties/actor_types/maxItems",keyword:"maxItems",params:{limit: 10},message:"must NOT have more than 10 items"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
const len2 = data16.length;
for(let i3=0; i3<len2; i3++){
let data17 = data16[i3];
if(typeof data17 === "string"){
if(func1(data17) > 100){
const err34 = {instancePath:instancePath+"/context/delegation/actor_types/" + i3,schemaPath:"request-delegation.json/properties/actor_types/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/context/delegation/actor_types/" + i3,schemaPath:"request-delegation.json/properties/actor_types/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/context/delegation/actor_types",schemaPath:"request-delegation.json/properties/actor_types/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data12.depth !== undefined){
let data18 = data12.depth;
if(!((typeof data18 == "number") && (isFinite(data18)))){
const err37 = {instancePath:instancePath+"/context/delegation/depth",schemaPath:"request-delegation.json/properties/depth/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data12.verified !== undefined){
if(typeof data12.verified !== "boolean"){
const err38 = {instancePath:instancePath+"/context/delegation/verified",schemaPath:"request-delegation.json/properties/verified/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath:instancePath+"/context/delegation",schemaPath:"request-delegation.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
}
else {
const err40 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.principals !== undefined){
let data20 = data.principals;
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(Object.keys(data20).length > 500){
const err41 = {instancePath:instancePath+"/principals",schemaPath:"#/properties/principals/maxProperties",keyword:"maxProperties",params:{limit: 500},message:"must NOT have more than 500 properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key3 in data20){
let data21 = data20[key3];
if(data21 && typeof data21 == "object" && !Array.isArray(data21)){
if(data21.type === undefined){
const err42 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
for(const key4 in data21){
if(!(((key4 === "id") || (key4 === "type")) || (key4 === "attributes"))){
const err43 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data21.id !== undefined){
let data22 = data21.id;
if(typeof data22 === "string"){
if(func1(data22) > 200){
const err44 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/id",schemaPath:"#/properties/principals/additionalProperties/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
else {
const err45 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/id",schemaPath:"#/properties/principals/additionalProperties/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data21.type !== undefined){
let data23 = data21.type;
if(typeof data23 === "string"){
if(func1(data23) > 100){
const err46 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/principals/additionalProperties/properties/type/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(func1(data23) < 1){
const err47 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/principals/additionalProperties/properties/type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/principals/additionalProperties/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data21.attributes !== undefined){
let data24 = data21.attributes;
if(data24 && typeof data24 == "object" && !Array.isArray(data24)){
if(Object.keys(data24).length > 100){
const err49 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/maxProperties",keyword:"maxProperties",params:{limit: 100},message:"must NOT have more than 100 properties"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
for(const key5 in data24){
const _errs57 = errors;
if(typeof key5 === "string"){
if(func1(key5) > 100){
const err50 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/propertyNames/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters",propertyName:key5};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
var valid14 = _errs57 === errors;
if(!valid14){
const err51 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/propertyNames",keyword:"propertyNames",params:{propertyName: key5},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
for(const key6 in data24){
let data25 = data24[key6];
if((((typeof data25 !== "string") && (!((typeof data25 == "number") && (isFinite(data25))))) && (typeof data25 !== "boolean")) && (data25 !== null)){
const err52 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/properties/attributes/additionalProperties/type",keyword:"type",params:{type: schema67.properties.principals.additionalProperties.properties.attributes.additionalProperties.type},message:"must be string,number,boolean,null"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(typeof data25 === "string"){
if(func1(data25) > 1000){
const err53 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/properties/attributes/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
}
}
else {
const err54 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
}
else {
const err55 = {instancePath:instancePath+"/principals/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
}
else {
const err56 = {instancePath:instancePath+"/principals",schemaPath:"#/properties/principals/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.resources !== undefined){
let data26 = data.resources;
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(Object.keys(data26).length > 500){
const err57 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/maxProperties",keyword:"maxProperties",params:{limit: 500},message:"must NOT have more than 500 properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
for(const key7 in data26){
let data27 = data26[key7];
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
if(data27.type === undefined){
const err58 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(data27.identifier === undefined){
const err59 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/required",keyword:"required",params:{missingProperty: "identifier"},message:"must have required property '"+"identifier"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
for(const key8 in data27){
if(!(((key8 === "type") || (key8 === "identifier")) || (key8 === "attributes"))){
const err60 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data27.type !== undefined){
let data28 = data27.type;
if(typeof data28 === "string"){
if(func1(data28) > 100){
const err61 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/resources/additionalProperties/properties/type/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(func1(data28) < 1){
const err62 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/resources/additionalProperties/properties/type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
else {
const err63 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/resources/additionalProperties/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data27.identifier !== undefined){
let data29 = data27.identifier;
if(typeof data29 === "string"){
if(func1(data29) > 500){
const err64 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/identifier",schemaPath:"#/properties/resources/additionalProperties/properties/identifier/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(func1(data29) < 1){
const err65 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/identifier",schemaPath:"#/properties/resources/additionalProperties/properties/identifier/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
else {
const err66 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/identifier",schemaPath:"#/properties/resources/additionalProperties/properties/identifier/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data27.attributes !== undefined){
let data30 = data27.attributes;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(Object.keys(data30).length > 100){
const err67 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/resources/additionalProperties/properties/attributes/maxProperties",keyword:"maxProperties",params:{limit: 100},message:"must NOT have more than 100 properties"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
for(const key9 in data30){
const _errs73 = errors;
if(typeof key9 === "string"){
if(func1(key9) > 100){
const err68 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/resources/additionalProperties/properties/attributes/propertyNames/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters",propertyName:key9};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
var valid18 = _errs73 === errors;
if(!valid18){
const err69 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/resources/additionalProperties/properties/attributes/propertyNames",keyword:"propertyNames",params:{propertyName: key9},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
for(const key10 in data30){
let data31 = data30[key10];
const _errs77 = errors;
let valid21 = false;
const _errs78 = errors;
if(((typeof data31 !== "string") && (!((typeof data31 == "number") && (isFinite(data31))))) && (typeof data31 !== "boolean")){
const err70 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"policy-attribute-value.json/anyOf/0/type",keyword:"type",params:{type: schema69.anyOf[0].type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(typeof data31 === "string"){
if(func1(data31) > 1000){
const err71 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"policy-attribute-value.json/anyOf/0/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
var _valid0 = _errs78 === errors;
valid21 = valid21 || _valid0;
const _errs80 = errors;
if(Array.isArray(data31)){
if(data31.length > 1000){
const err72 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"policy-attribute-value.json/anyOf/1/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
const len3 = data31.length;
for(let i4=0; i4<len3; i4++){
let data32 = data31[i4];
if(((typeof data32 !== "string") && (!((typeof data32 == "number") && (isFinite(data32))))) && (typeof data32 !== "boolean")){
const err73 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key10.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i4,schemaPath:"policy-attribute-value.json/anyOf/1/items/type",keyword:"type",params:{type: schema69.anyOf[1].items.type},message:"must be string,number,boolean"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(typeof data32 === "string"){
if(func1(data32) > 1000){
const err74 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key10.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i4,schemaPath:"policy-attribute-value.json/anyOf/1/items/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
}
else {
const err75 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"policy-attribute-value.json/anyOf/1/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
var _valid0 = _errs80 === errors;
valid21 = valid21 || _valid0;
if(!valid21){
const err76 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key10.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"policy-attribute-value.json/anyOf",keyword:"anyOf",params:{},message:"must match a schema in anyOf"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
else {
errors = _errs77;
if(vErrors !== null){
if(_errs77){
vErrors.length = _errs77;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err77 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/resources/additionalProperties/properties/attributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
}
else {
const err78 = {instancePath:instancePath+"/resources/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
}
else {
const err79 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data.tests !== undefined){
let data33 = data.tests;
if(Array.isArray(data33)){
if(data33.length > 1000){
const err80 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(data33.length < 1){
const err81 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
const len4 = data33.length;
for(let i5=0; i5<len4; i5++){
let data34 = data33[i5];
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
if(data34.name === undefined){
const err82 = {instancePath:instancePath+"/tests/" + i5,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if(data34.principals === undefined){
const err83 = {instancePath:instancePath+"/tests/" + i5,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "principals"},message:"must have required property '"+"principals"+"'"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(data34.resources === undefined){
const err84 = {instancePath:instancePath+"/tests/" + i5,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "resources"},message:"must have required property '"+"resources"+"'"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if(data34.actions === undefined){
const err85 = {instancePath:instancePath+"/tests/" + i5,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "actions"},message:"must have required property '"+"actions"+"'"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(data34.expect === undefined){
const err86 = {instancePath:instancePath+"/tests/" + i5,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
for(const key11 in data34){
if(!((((((((key11 === "name") || (key11 === "principals")) || (key11 === "resources")) || (key11 === "actions")) || (key11 === "at")) || (key11 === "context")) || (key11 === "expect")) || (key11 === "matched"))){
const err87 = {instancePath:instancePath+"/tests/" + i5,schemaPath:"#/properties/tests/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data34.name !== undefined){
let data35 = data34.name;
if(typeof data35 === "string"){
if(func1(data35) > 200){
const err88 = {instancePath:instancePath+"/tests/" + i5+"/name",schemaPath:"#/properties/tests/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if(func1(data35) < 1){
const err89 = {instancePath:instancePath+"/tests/" + i5+"/name",schemaPath:"#/properties/tests/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
else {
const err90 = {instancePath:instancePath+"/tests/" + i5+"/name",schemaPath:"#/properties/tests/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data34.principals !== undefined){
let data36 = data34.principals;
if(Array.isArray(data36)){
if(data36.length > 100){
const err91 = {instancePath:instancePath+"/tests/" + i5+"/principals",schemaPath:"#/properties/tests/items/properties/principals/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(data36.length < 1){
const err92 = {instancePath:instancePath+"/tests/" + i5+"/principals",schemaPath:"#/properties/tests/items/properties/principals/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
const len5 = data36.length;
for(let i6=0; i6<len5; i6++){
let data37 = data36[i6];
if(typeof data37 === "string"){
if(func1(data37) < 1){
const err93 = {instancePath:instancePath+"/tests/" + i5+"/principals/" + i6,schemaPath:"#/properties/tests/items/properties/principals/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
else {
const err94 = {instancePath:instancePath+"/tests/" + i5+"/principals/" + i6,schemaPath:"#/properties/tests/items/properties/principals/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
}
else {
const err95 = {instancePath:instancePath+"/tests/" + i5+"/principals",schemaPath:"#/properties/tests/items/properties/principals/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
if(data34.resources !== undefined){
let data38 = data34.resources;
if(Array.isArray(data38)){
if(data38.length > 100){
const err96 = {instancePath:instancePath+"/tests/" + i5+"/resources",schemaPath:"#/properties/tests/items/properties/resources/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
if(data38.length < 1){
const err97 = {instancePath:instancePath+"/tests/" + i5+"/resources",schemaPath:"#/properties/tests/items/properties/resources/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
const len6 = data38.length;
for(let i7=0; i7<len6; i7++){
let data39 = data38[i7];
if(typeof data39 === "string"){
if(func1(data39) < 1){
const err98 = {instancePath:instancePath+"/tests/" + i5+"/resources/" + i7,schemaPath:"#/properties/tests/items/properties/resources/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
else {
const err99 = {instancePath:instancePath+"/tests/" + i5+"/resources/" + i7,schemaPath:"#/properties/tests/items/properties/resources/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
}
else {
const err100 = {instancePath:instancePath+"/tests/" + i5+"/resources",schemaPath:"#/properties/tests/items/properties/resources/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data34.actions !== undefined){
let data40 = data34.actions;
if(Array.isArray(data40)){
if(data40.length > 100){
const err101 = {instancePath:instancePath+"/tests/" + i5+"/actions",schemaPath:"#/properties/tests/items/properties/actions/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
if(data40.length < 1){
const err102 = {instancePath:instancePath+"/tests/" + i5+"/actions",schemaPath:"#/properties/tests/items/properties/actions/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
const len7 = data40.length;
for(let i8=0; i8<len7; i8++){
let data41 = data40[i8];
if(typeof data41 === "string"){
if(func1(data41) > 100){
const err103 = {instancePath:instancePath+"/tests/" + i5+"/actions/" + i8,schemaPath:"#/properties/tests/items/properties/actions/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
if(func1(data41) < 1){
const err104 = {instancePath:instancePath+"/tests/" + i5+"/actions/" + i8,schemaPath:"#/properties/tests/items/properties/actions/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
else {
const err105 = {instancePath:instancePath+"/tests/" + i5+"/actions/" + i8,schemaPath:"#/properties/tests/items/properties/actions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
}
else {
const err106 = {instancePath:instancePath+"/tests/" + i5+"/actions",schemaPath:"#/properties/tests/items/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data34.at !== undefined){
let data42 = data34.at;
if(typeof data42 === "string"){
if(!(formats4.validate(data42))){
const err107 = {instancePath:instancePath+"/tests/" + i5+"/at",schemaPath:"#/properties/tests/items/properties/at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
else {
const err108 = {instancePath:instancePath+"/tests/" + i5+"/at",schemaPath:"#/properties/tests/items/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
if(data34.context !== undefined){
let data43 = data34.context;
if(data43 && typeof data43 == "object" && !Array.isArray(data43)){
if(Object.keys(data43).length > 50){
const err109 = {instancePath:instancePath+"/tests/" + i5+"/context",schemaPath:"#/properties/tests/items/properties/context/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
for(const key12 in data43){
if(!(((((key12 === "ip_address") || (key12 === "risk_score")) || (key12 === "device_trusted")) || (key12 === "mfa_verified")) || (key12 === "delegation"))){
let data44 = data43[key12];
if((((typeof data44 !== "string") && (!((typeof data44 == "number") && (isFinite(data44))))) && (typeof data44 !== "boolean")) && (data44 !== null)){
const err110 = {instancePath:instancePath+"/tests/" + i5+"/context/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/tests/items/properties/context/additionalProperties/type",keyword:"type",params:{type: schema67.properties.tests.items.properties.context.additionalProperties.type},message:"must be string,number,boolean,null"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if(typeof data44 === "string"){
if(func1(data44) > 1000){
const err111 = {instancePath:instancePath+"/tests/" + i5+"/context/" + key12.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/tests/items/properties/context/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
}
}
if(data43.ip_address !== undefined){
let data45 = data43.ip_address;
if(typeof data45 === "string"){
if(func1(data45) > 45){
const err112 = {instancePath:instancePath+"/tests/" + i5+"/context/ip_address",schemaPath:"#/properties/tests/items/properties/context/properties/ip_address/maxLength",keyword:"maxLength",params:{limit: 45},message:"must NOT have more than 45 characters"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
else {
const err113 = {instancePath:instancePath+"/tests/" + i5+"/context/ip_address",schemaPath:"#/properties/tests/items/properties/context/properties/ip_address/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data43.risk_score !== undefined){
let data46 = data43.risk_score;
if(!((typeof data46 == "number") && (isFinite(data46)))){
const err114 = {instancePath:instancePath+"/tests/" + i5+"/context/risk_score",schemaPath:"#/properties/tests/items/properties/context/properties/risk_score/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
if(data43.device_trusted !== undefined){
if(typeof data43.device_trusted !== "boolean"){
const err115 = {instancePath:instancePath+"/tests/" + i5+"/context/device_trusted",schemaPath:"#/properties/tests/items/properties/context/properties/device_trusted/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
}
if(data43.mfa_verified !== undefined){
if(typeof data43.mfa_verified !== "boolean"){
const err116 = {instancePath:instancePath+"/tests/" + i5+"/context/mfa_verified",schemaPath:"#/properties/tests/items/properties/context/properties/mfa_verified/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
if(data43.delegation !== undefined){
let data49 = data43.delegation;
if(data49 && typeof data49 == "object" && !Array.isArray(data49)){
for(const key13 in data49){
if(!(((((key13 === "subject") || (key13 === "actors")) || (key13 === "actor_types")) || (key13 === "depth")) || (key13 === "verified"))){
const err117 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation",schemaPath:"request-delegation.json/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key13},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
if(data49.subject !== undefined){
let data50 = data49.subject;
if(typeof data50 === "string"){
if(func1(data50) > 200){
const err118 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/subject",schemaPath:"request-delegation.json/properties/subject/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
else {
const err119 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/subject",schemaPath:"request-delegation.json/properties/subject/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
}
if(data49.actors !== undefined){
let data51 = data49.actors;
if(Array.isArray(data51)){
if(data51.length > 10){
const err120 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actors",schemaPath:"request-delegation.json/properties/actors/maxItems",keyword:"maxItems",params:{limit: 10},message:"must NOT have more than 10 items"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
const len8 = data51.length;
for(let i9=0; i9<len8; i9++){
let data52 = data51[i9];
if(typeof data52 === "string"){
if(func1(data52) > 200){
const err121 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actors/" + i9,schemaPath:"request-delegation.json/properties/actors/items/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
}
else {
const err122 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actors/" + i9,schemaPath:"request-delegation.json/properties/actors/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
}
}
else {
const err123 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actors",schemaPath:"request-delegation.json/properties/actors/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
if(data49.actor_types !== undefined){
let data53 = data49.actor_types;
if(Array.isArray(data53)){
if(data53.length > 10){
const err124 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actor_types",schemaPath:"request-delegation.json/properties/actor_types/maxItems",keyword:"maxItems",params:{limit: 10},message:"must NOT have more than 10 items"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
const len9 = data53.length;
for(let i10=0; i10<len9; i10++){
let data54 = data53[i10];
if(typeof data54 === "string"){
if(func1(data54) > 100){
const err125 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actor_types/" + i10,schemaPath:"request-delegation.json/properties/actor_types/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
else {
const err126 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actor_types/" + i10,schemaPath:"request-delegation.json/properties/actor_types/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
}
else {
const err127 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/actor_types",schemaPath:"request-delegation.json/properties/actor_types/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
if(data49.depth !== undefined){
let data55 = data49.depth;
if(!((typeof data55 == "number") && (isFinite(data55)))){
const err128 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/depth",schemaPath:"request-delegation.json/properties/depth/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
if(data49.verified !== undefined){
if(typeof data49.verified !== "boolean"){
const err129 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation/verified",schemaPath:"request-delegation.json/properties/verified/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
}
else {
const err130 = {instancePath:instancePath+"/tests/" + i5+"/context/delegation",schemaPath:"request-delegation.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
}
else {
const err131 = {instancePath:instancePath+"/tests/" + i5+"/context",schemaPath:"#/properties/tests/items/properties/context/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
if(data34.expect !== undefined){
let data57 = data34.expect;
if(!((data57 === "allow") || (data57 === "deny"))){
const err132 = {instancePath:instancePath+"/tests/" + i5+"/expect",schemaPath:"#/properties/tests/items/properties/expect/enum",keyword:"enum",params:{allowedValues: schema67.properties.tests.items.properties.expect.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
if(data34.matched !== undefined){
let data58 = data34.matched;
if(Array.isArray(data58)){
if(data58.length > 100){
const err133 = {instancePath:instancePath+"/tests/" + i5+"/matched",schemaPath:"#/properties/tests/items/properties/matched/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
const len10 = data58.length;
for(let i11=0; i11<len10; i11++){
let data59 = data58[i11];
if(data59 && typeof data59 == "object" && !Array.isArray(data59)){
if(data59.policy === undefined){
const err134 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11,schemaPath:"#/properties/tests/items/properties/matched/items/required",keyword:"required",params:{missingProperty: "policy"},message:"must have required property '"+"policy"+"'"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
if(data59.rule === undefined){
const err135 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11,schemaPath:"#/properties/tests/items/properties/matched/items/required",keyword:"required",params:{missingProperty: "rule"},message:"must have required property '"+"rule"+"'"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
for(const key14 in data59){
if(!((key14 === "policy") || (key14 === "rule"))){
const err136 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11,schemaPath:"#/properties/tests/items/properties/matched/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
}
if(data59.policy !== undefined){
let data60 = data59.policy;
if(typeof data60 === "string"){
if(func1(data60) > 200){
const err137 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11+"/policy",schemaPath:"#/properties/tests/items/properties/matched/items/properties/policy/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
if(func1(data60) < 1){
const err138 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11+"/policy",schemaPath:"#/properties/tests/items/properties/matched/items/properties/policy/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
else {
const err139 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11+"/policy",schemaPath:"#/properties/tests/items/properties/matched/items/properties/policy/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
if(data59.rule !== undefined){
let data61 = data59.rule;
if(!(((typeof data61 == "number") && (!(data61 % 1) && !isNaN(data61))) && (isFinite(data61)))){
const err140 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11+"/rule",schemaPath:"#/properties/tests/items/properties/matched/items/properties/rule/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
if((typeof data61 == "number") && (isFinite(data61))){
if(data61 < 0 || isNaN(data61)){
const err141 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11+"/rule",schemaPath:"#/properties/tests/items/properties/matched/items/properties/rule/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
}
}
else {
const err142 = {instancePath:instancePath+"/tests/" + i5+"/matched/" + i11,schemaPath:"#/properties/tests/items/properties/matched/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
}
}
else {
const err143 = {instancePath:instancePath+"/tests/" + i5+"/matched",schemaPath:"#/properties/tests/items/properties/matched/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
}
else {
const err144 = {instancePath:instancePath+"/tests/" + i5,schemaPath:"#/properties/tests/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
}
}
else {
const err145 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err145];
}
else {
vErrors.push(err145);
}
errors++;
}
}
}
else {
const err146 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}
validate31.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

/** Each precompiled validator by its schema name (schemas/<name>.json). */
export const precompiledValidators = {
  'acctl-config': acctlConfig,
  'cli/policy-plan-file': cliPolicyPlanFile,
  'policy-create-request': policyCreateRequest,
  'policy-test': policyTest,
};
