// Generated from schemas/ by `npm run gen:types` (scripts/schema-validators.ts). Do not edit by hand.
// @ts-nocheck
/* eslint-disable */
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
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
const schema32 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/cli/policy-plan-file.json","title":"CliPolicyPlanFile","description":"A plan saved by acctl policy plan --out, which acctl policy apply PLAN.json carries out (plan --json prints this with format_version, --out writes it without; each change's content is the policy as it will be written, the body of POST/PUT /v1/policies with the server's defaults filled in). apply checks a file against this schema, then that it agrees with itself (cli/src/gitops/saved-plan.ts), before it reads the server.","type":"object","required":["format","server","owner","prune","created_at","changes","summary"],"additionalProperties":false,"$defs":{"summary":{"title":"CliPlanSummary","type":"object","required":["create","update","delete","unchanged","drifted","orphaned","blocked"],"additionalProperties":false,"properties":{"create":{"type":"integer","minimum":0},"update":{"type":"integer","minimum":0},"delete":{"type":"integer","minimum":0},"unchanged":{"type":"integer","minimum":0},"drifted":{"type":"integer","minimum":0},"orphaned":{"type":"integer","minimum":0},"blocked":{"type":"integer","minimum":0}}},"diffEntry":{"title":"CliPolicyDiffEntry","type":"object","required":["path","kind","text"],"additionalProperties":false,"properties":{"path":{"type":"string"},"kind":{"enum":["added","removed","changed"]},"text":{"type":"string"},"rule_index":{"type":"integer","minimum":0}}},"drift":{"title":"CliPlanDrift","type":"object","required":["updated_by","updated_at","version","reason"],"additionalProperties":false,"properties":{"updated_by":{"type":"string"},"updated_at":{"type":"string","format":"date-time"},"version":{"type":"integer","minimum":1},"reason":{"enum":["changed_since_apply","provenance_removed"]}}},"change":{"title":"CliPlanChange","oneOf":[{"type":"object","required":["name","file","line","col","action","content","content_hash"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"create"},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"}}},{"type":"object","required":["name","file","line","col","action","id","expected_version","content","content_hash","diff"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"update"},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"diff":{"type":"array","items":{"$ref":"#/$defs/diffEntry"}},"drift":{"$ref":"#/$defs/drift"}}},{"type":"object","required":["name","file","line","col","action","id","version"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"unchanged"},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}},{"type":"object","required":["name","file","line","col","action","id","reason"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"blocked"},"id":{"type":"string","minLength":1},"reason":{"type":"string"}}},{"type":"object","required":["action","name","id","expected_version"],"additionalProperties":false,"properties":{"action":{"const":"delete"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1}}},{"type":"object","required":["action","name","id","version"],"additionalProperties":false,"properties":{"action":{"const":"orphaned"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}}]}},"properties":{"format_version":{"$ref":"format-version.json"},"format":{"const":1},"server":{"type":"string","description":"The API base URL the plan was made against: apply refuses another server.","minLength":1},"owner":{"type":["string","null"],"minLength":1,"description":"The repository's ownership label (acctl.yaml owner): what its updates write and the only label its deletes touch."},"prune":{"type":"boolean","description":"Made with --prune: only then may the plan delete."},"created_at":{"type":"string","format":"date-time"},"changes":{"type":"array","items":{"$ref":"#/$defs/change"}},"summary":{"$ref":"#/$defs/summary"}}};
const schema33 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/cli/format-version.json","title":"CliFormatVersion","description":"The version of the shape of the CLI's JSON documents (--json, --format json, the error object), first in each. It changes only when a field is removed or changes meaning; new fields do not change it. A string, as Terraform's format_version.","type":"string","const":"1"};
const schema41 = {"title":"CliPlanSummary","type":"object","required":["create","update","delete","unchanged","drifted","orphaned","blocked"],"additionalProperties":false,"properties":{"create":{"type":"integer","minimum":0},"update":{"type":"integer","minimum":0},"delete":{"type":"integer","minimum":0},"unchanged":{"type":"integer","minimum":0},"drifted":{"type":"integer","minimum":0},"orphaned":{"type":"integer","minimum":0},"blocked":{"type":"integer","minimum":0}}};
const formats4 = schemaFormats["date-time"];
const schema34 = {"title":"CliPlanChange","oneOf":[{"type":"object","required":["name","file","line","col","action","content","content_hash"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"create"},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"}}},{"type":"object","required":["name","file","line","col","action","id","expected_version","content","content_hash","diff"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"update"},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1},"content":{"$ref":"../policy-create-request.json"},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"diff":{"type":"array","items":{"$ref":"#/$defs/diffEntry"}},"drift":{"$ref":"#/$defs/drift"}}},{"type":"object","required":["name","file","line","col","action","id","version"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"unchanged"},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}},{"type":"object","required":["name","file","line","col","action","id","reason"],"additionalProperties":false,"properties":{"name":{"type":"string","minLength":1},"file":{"type":"string"},"line":{"type":"integer","minimum":1},"col":{"type":"integer","minimum":1},"action":{"const":"blocked"},"id":{"type":"string","minLength":1},"reason":{"type":"string"}}},{"type":"object","required":["action","name","id","expected_version"],"additionalProperties":false,"properties":{"action":{"const":"delete"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"expected_version":{"type":"integer","minimum":1}}},{"type":"object","required":["action","name","id","version"],"additionalProperties":false,"properties":{"action":{"const":"orphaned"},"name":{"type":"string","minLength":1},"id":{"type":"string","minLength":1},"version":{"type":"integer","minimum":1}}}]};
const schema39 = {"title":"CliPolicyDiffEntry","type":"object","required":["path","kind","text"],"additionalProperties":false,"properties":{"path":{"type":"string"},"kind":{"enum":["added","removed","changed"]},"text":{"type":"string"},"rule_index":{"type":"integer","minimum":0}}};
const schema40 = {"title":"CliPlanDrift","type":"object","required":["updated_by","updated_at","version","reason"],"additionalProperties":false,"properties":{"updated_by":{"type":"string"},"updated_at":{"type":"string","format":"date-time"},"version":{"type":"integer","minimum":1},"reason":{"enum":["changed_since_apply","provenance_removed"]}}};
const func27 = Object.prototype.hasOwnProperty;
const schema35 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-create-request.json","title":"PolicyCreateRequest","description":"Body of POST /policies. `name` and `rules` are required; `status` defaults to `draft` (not enforced until activated), `description` to the empty string, `metadata` to {}.","type":"object","required":["name","rules"],"properties":{"$schema":{"type":"string","description":"Ignored; lets policy files name their schema for editors."},"name":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[^\\u0000-\\u001f]+$"},"description":{"type":"string","maxLength":2000},"status":{"enum":["draft","active","archived"]},"rules":{"type":"array","items":{"$ref":"policy-rule.json"},"maxItems":500},"metadata":{"$ref":"policy-metadata.json"}},"additionalProperties":false};
const schema38 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-metadata.json","title":"PolicyMetadata","description":"Free-form (spec); the sample has `owner` (string) and `compliance` (array of string). `managed_by` is the ownership label `acctl policy apply` sets from acctl.yaml's `owner` (as Kubernetes' app.kubernetes.io/managed-by label), `provenance` what it records about each apply. Bounded in size.","type":"object","properties":{"owner":{"type":"string","maxLength":200},"compliance":{"type":"array","items":{"type":"string","maxLength":100},"maxItems":50},"managed_by":{"type":"string","maxLength":200,"description":"The ownership label of the policy repository that applies this policy: `acctl policy apply --prune` deletes only policies carrying its own."},"provenance":{"type":"object","description":"Where the version's content came from, written by whoever wrote the version: `acctl policy apply` (tool, commit, run_url, actor, source, content_hash, applied_at) or a rollback (tool `rollback`, actor, rolled_back_from, rolled_back_to, applied_at: the server writes it, so it never repeats the copied version's commit and apply time). Not part of content_hash.","properties":{"tool":{"type":"string","maxLength":100,"description":"What applied it, e.g. `acctl policy apply`."},"commit":{"type":"string","maxLength":100,"description":"The commit SHA of the policy repository."},"run_url":{"type":"string","maxLength":2000,"description":"The CI run that applied it."},"actor":{"type":"string","maxLength":200,"description":"Who triggered the apply (e.g. GITHUB_ACTOR)."},"source":{"type":"string","maxLength":500,"description":"The policy file, relative to the repository."},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"content_hash of what was applied: a live policy whose hash differs was changed on the server since (drift)."},"applied_at":{"type":"string","format":"date-time","description":"When the version was written (by apply, or by the rollback)."},"rolled_back_from":{"type":"integer","minimum":1,"description":"A rollback: the version the policy was at before it (the version it replaced)."},"rolled_back_to":{"type":"integer","minimum":1,"description":"A rollback: the earlier version whose content it wrote again."},"policy_set":{"type":"string","format":"uuid","description":"The change set (POST /policy-sets) that wrote this version; the server sets it, over any value sent."}},"additionalProperties":false,"maxProperties":20}},"maxProperties":100};
const pattern11 = new RegExp("^[0-9a-f]{64}$", "u");
const schema36 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-rule.json","title":"PolicyRule","description":"Spec, \"Rule\". A rule matches a request when the principal type equals, every named attribute has an accepted value, the resource type equals and the identifier matches a pattern, the action is listed, and every condition holds. Any matching deny wins over allow; nothing matching is deny.","type":"object","required":["effect","principals","resources","actions"],"properties":{"effect":{"enum":["allow","deny"],"description":"The spec shows `allow`; `deny` rules override allows (as in Cerbos and AWS IAM)."},"principals":{"type":"object","required":["type"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Principal type, e.g. USER."},"attributes":{"type":"object","description":"Attribute name to the accepted values; the request's value must be one of them.","maxProperties":50,"propertyNames":{"maxLength":100},"additionalProperties":{"type":"array","items":{"type":"string","maxLength":500},"minItems":1,"maxItems":1000}}},"additionalProperties":false},"resources":{"type":"object","required":["type","identifiers"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Resource type, e.g. database."},"identifiers":{"type":"array","description":"Identifier patterns: exact, or a prefix followed by `*` (a trailing wildcard).","items":{"type":"string","minLength":1,"maxLength":500},"minItems":1,"maxItems":1000}},"additionalProperties":false},"actions":{"type":"array","items":{"type":"string","minLength":1,"maxLength":100},"minItems":1,"maxItems":100,"description":"e.g. read, write, admin."},"conditions":{"type":"array","items":{"$ref":"policy-condition.json"},"maxItems":20,"description":"All must hold. Absent or empty: no conditions."}},"additionalProperties":false};
const schema37 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-condition.json","title":"PolicyCondition","description":"Spec, \"Condition\": three condition types, each with its operator. A value the request does not carry fails the condition (fail closed).","type":"object","required":["type"],"discriminator":{"propertyName":"type"},"oneOf":[{"title":"TimeCondition","description":"The request time, in `timezone`, is within the daily window [start, end). An end before the start is a window across midnight.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"time"},"operator":{"const":"between"},"value":{"type":"object","required":["start","end","timezone"],"properties":{"start":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"HH:MM, 24-hour, inclusive."},"end":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"HH:MM, 24-hour, exclusive."},"timezone":{"type":"string","format":"iana-time-zone","maxLength":64,"description":"IANA time zone name, e.g. Europe/Berlin."}},"additionalProperties":false}},"additionalProperties":false},{"title":"RiskScoreCondition","description":"context.risk_score is less than `value`.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"risk_score"},"operator":{"const":"less_than"},"value":{"type":"number"}},"additionalProperties":false},{"title":"MfaVerifiedCondition","description":"context.mfa_verified (else the principal's mfa_verified attribute) equals `value`.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"mfa_verified"},"operator":{"const":"equals"},"value":{"type":"boolean"}},"additionalProperties":false}]};
const pattern9 = new RegExp("^([01][0-9]|2[0-3]):[0-5][0-9]$", "u");
const formats6 = schemaFormats["iana-time-zone"];

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
const err5 = {instancePath:instancePath+"/effect",schemaPath:"#/properties/effect/enum",keyword:"enum",params:{allowedValues: schema36.properties.effect.enum},message:"must be equal to one of the allowed values"};
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
if(!((key4 === "type") || (key4 === "identifiers"))){
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
}
else {
const err33 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.actions !== undefined){
let data10 = data.actions;
if(Array.isArray(data10)){
if(data10.length > 100){
const err34 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data10.length < 1){
const err35 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
const len2 = data10.length;
for(let i2=0; i2<len2; i2++){
let data11 = data10[i2];
if(typeof data11 === "string"){
if(func1(data11) > 100){
const err36 = {instancePath:instancePath+"/actions/" + i2,schemaPath:"#/properties/actions/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(func1(data11) < 1){
const err37 = {instancePath:instancePath+"/actions/" + i2,schemaPath:"#/properties/actions/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err38 = {instancePath:instancePath+"/actions/" + i2,schemaPath:"#/properties/actions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err39 = {instancePath:instancePath+"/actions",schemaPath:"#/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.conditions !== undefined){
let data12 = data.conditions;
if(Array.isArray(data12)){
if(data12.length > 20){
const err40 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
const len3 = data12.length;
for(let i3=0; i3<len3; i3++){
let data13 = data12[i3];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.type === undefined){
const err41 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
const tag0 = data13.type;
if(typeof tag0 == "string"){
if(tag0 === "time"){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.type === undefined){
const err42 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data13.operator === undefined){
const err43 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/0/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data13.value === undefined){
const err44 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/0/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
for(const key5 in data13){
if(!(((key5 === "type") || (key5 === "operator")) || (key5 === "value"))){
const err45 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data13.type !== undefined){
if("time" !== data13.type){
const err46 = {instancePath:instancePath+"/conditions/" + i3+"/type",schemaPath:"policy-condition.json/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "time"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data13.operator !== undefined){
if("between" !== data13.operator){
const err47 = {instancePath:instancePath+"/conditions/" + i3+"/operator",schemaPath:"policy-condition.json/oneOf/0/properties/operator/const",keyword:"const",params:{allowedValue: "between"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data13.value !== undefined){
let data16 = data13.value;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.start === undefined){
const err48 = {instancePath:instancePath+"/conditions/" + i3+"/value",schemaPath:"policy-condition.json/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "start"},message:"must have required property '"+"start"+"'"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(data16.end === undefined){
const err49 = {instancePath:instancePath+"/conditions/" + i3+"/value",schemaPath:"policy-condition.json/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "end"},message:"must have required property '"+"end"+"'"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if(data16.timezone === undefined){
const err50 = {instancePath:instancePath+"/conditions/" + i3+"/value",schemaPath:"policy-condition.json/oneOf/0/properties/value/required",keyword:"required",params:{missingProperty: "timezone"},message:"must have required property '"+"timezone"+"'"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
for(const key6 in data16){
if(!(((key6 === "start") || (key6 === "end")) || (key6 === "timezone"))){
const err51 = {instancePath:instancePath+"/conditions/" + i3+"/value",schemaPath:"policy-condition.json/oneOf/0/properties/value/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data16.start !== undefined){
let data17 = data16.start;
if(typeof data17 === "string"){
if(!pattern9.test(data17)){
const err52 = {instancePath:instancePath+"/conditions/" + i3+"/value/start",schemaPath:"policy-condition.json/oneOf/0/properties/value/properties/start/pattern",keyword:"pattern",params:{pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$"},message:"must match pattern \""+"^([01][0-9]|2[0-3]):[0-5][0-9]$"+"\""};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
else {
const err53 = {instancePath:instancePath+"/conditions/" + i3+"/value/start",schemaPath:"policy-condition.json/oneOf/0/properties/value/properties/start/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data16.end !== undefined){
let data18 = data16.end;
if(typeof data18 === "string"){
if(!pattern9.test(data18)){
const err54 = {instancePath:instancePath+"/conditions/" + i3+"/value/end",schemaPath:"policy-condition.json/oneOf/0/properties/value/properties/end/pattern",keyword:"pattern",params:{pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$"},message:"must match pattern \""+"^([01][0-9]|2[0-3]):[0-5][0-9]$"+"\""};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/conditions/" + i3+"/value/end",schemaPath:"policy-condition.json/oneOf/0/properties/value/properties/end/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data16.timezone !== undefined){
let data19 = data16.timezone;
if(typeof data19 === "string"){
if(func1(data19) > 64){
const err56 = {instancePath:instancePath+"/conditions/" + i3+"/value/timezone",schemaPath:"policy-condition.json/oneOf/0/properties/value/properties/timezone/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(!(formats6.validate(data19))){
const err57 = {instancePath:instancePath+"/conditions/" + i3+"/value/timezone",schemaPath:"policy-condition.json/oneOf/0/properties/value/properties/timezone/format",keyword:"format",params:{format: "iana-time-zone"},message:"must match format \""+"iana-time-zone"+"\""};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
else {
const err58 = {instancePath:instancePath+"/conditions/" + i3+"/value/timezone",schemaPath:"policy-condition.json/oneOf/0/properties/value/properties/timezone/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err59 = {instancePath:instancePath+"/conditions/" + i3+"/value",schemaPath:"policy-condition.json/oneOf/0/properties/value/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
}
else {
const err60 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
var props0 = true;
}
else if(tag0 === "risk_score"){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.type === undefined){
const err61 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/1/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data13.operator === undefined){
const err62 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/1/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data13.value === undefined){
const err63 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/1/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
for(const key7 in data13){
if(!(((key7 === "type") || (key7 === "operator")) || (key7 === "value"))){
const err64 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data13.type !== undefined){
if("risk_score" !== data13.type){
const err65 = {instancePath:instancePath+"/conditions/" + i3+"/type",schemaPath:"policy-condition.json/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "risk_score"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data13.operator !== undefined){
if("less_than" !== data13.operator){
const err66 = {instancePath:instancePath+"/conditions/" + i3+"/operator",schemaPath:"policy-condition.json/oneOf/1/properties/operator/const",keyword:"const",params:{allowedValue: "less_than"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data13.value !== undefined){
let data22 = data13.value;
if(!((typeof data22 == "number") && (isFinite(data22)))){
const err67 = {instancePath:instancePath+"/conditions/" + i3+"/value",schemaPath:"policy-condition.json/oneOf/1/properties/value/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
else {
const err68 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else if(tag0 === "mfa_verified"){
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.type === undefined){
const err69 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/2/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data13.operator === undefined){
const err70 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/2/required",keyword:"required",params:{missingProperty: "operator"},message:"must have required property '"+"operator"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data13.value === undefined){
const err71 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/2/required",keyword:"required",params:{missingProperty: "value"},message:"must have required property '"+"value"+"'"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
for(const key8 in data13){
if(!(((key8 === "type") || (key8 === "operator")) || (key8 === "value"))){
const err72 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data13.type !== undefined){
if("mfa_verified" !== data13.type){
const err73 = {instancePath:instancePath+"/conditions/" + i3+"/type",schemaPath:"policy-condition.json/oneOf/2/properties/type/const",keyword:"const",params:{allowedValue: "mfa_verified"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data13.operator !== undefined){
if("equals" !== data13.operator){
const err74 = {instancePath:instancePath+"/conditions/" + i3+"/operator",schemaPath:"policy-condition.json/oneOf/2/properties/operator/const",keyword:"const",params:{allowedValue: "equals"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data13.value !== undefined){
if(typeof data13.value !== "boolean"){
const err75 = {instancePath:instancePath+"/conditions/" + i3+"/value",schemaPath:"policy-condition.json/oneOf/2/properties/value/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
const err76 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(props0 !== true){
props0 = true;
}
}
else {
const err77 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/discriminator",keyword:"discriminator",params:{error: "mapping", tag: "type", tagValue: tag0},message:"value of tag \"type\" must be in oneOf"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
else {
const err78 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/discriminator",keyword:"discriminator",params:{error: "tag", tag: "type", tagValue: tag0},message:"tag \"type\" must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
else {
const err79 = {instancePath:instancePath+"/conditions/" + i3,schemaPath:"policy-condition.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
}
else {
const err80 = {instancePath:instancePath+"/conditions",schemaPath:"#/properties/conditions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
}
else {
const err81 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const formats10 = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

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
if(!pattern5.test(data1)){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[^\\u0000-\\u001f]+$"},message:"must match pattern \""+"^[^\\u0000-\\u001f]+$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.description !== undefined){
let data2 = data.description;
if(typeof data2 === "string"){
if(func1(data2) > 2000){
const err8 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
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
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.status !== undefined){
let data3 = data.status;
if(!(((data3 === "draft") || (data3 === "active")) || (data3 === "archived"))){
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema35.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.rules !== undefined){
let data4 = data.rules;
if(Array.isArray(data4)){
if(data4.length > 500){
const err11 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/maxItems",keyword:"maxItems",params:{limit: 500},message:"must NOT have more than 500 items"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
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
const err12 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.metadata !== undefined){
let data6 = data.metadata;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(Object.keys(data6).length > 100){
const err13 = {instancePath:instancePath+"/metadata",schemaPath:"policy-metadata.json/maxProperties",keyword:"maxProperties",params:{limit: 100},message:"must NOT have more than 100 properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data6.owner !== undefined){
let data7 = data6.owner;
if(typeof data7 === "string"){
if(func1(data7) > 200){
const err14 = {instancePath:instancePath+"/metadata/owner",schemaPath:"policy-metadata.json/properties/owner/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
else {
const err15 = {instancePath:instancePath+"/metadata/owner",schemaPath:"policy-metadata.json/properties/owner/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data6.compliance !== undefined){
let data8 = data6.compliance;
if(Array.isArray(data8)){
if(data8.length > 50){
const err16 = {instancePath:instancePath+"/metadata/compliance",schemaPath:"policy-metadata.json/properties/compliance/maxItems",keyword:"maxItems",params:{limit: 50},message:"must NOT have more than 50 items"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
const len1 = data8.length;
for(let i1=0; i1<len1; i1++){
let data9 = data8[i1];
if(typeof data9 === "string"){
if(func1(data9) > 100){
const err17 = {instancePath:instancePath+"/metadata/compliance/" + i1,schemaPath:"policy-metadata.json/properties/compliance/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
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
const err18 = {instancePath:instancePath+"/metadata/compliance/" + i1,schemaPath:"policy-metadata.json/properties/compliance/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err19 = {instancePath:instancePath+"/metadata/compliance",schemaPath:"policy-metadata.json/properties/compliance/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data6.managed_by !== undefined){
let data10 = data6.managed_by;
if(typeof data10 === "string"){
if(func1(data10) > 200){
const err20 = {instancePath:instancePath+"/metadata/managed_by",schemaPath:"policy-metadata.json/properties/managed_by/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
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
const err21 = {instancePath:instancePath+"/metadata/managed_by",schemaPath:"policy-metadata.json/properties/managed_by/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.provenance !== undefined){
let data11 = data6.provenance;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(Object.keys(data11).length > 20){
const err22 = {instancePath:instancePath+"/metadata/provenance",schemaPath:"policy-metadata.json/properties/provenance/maxProperties",keyword:"maxProperties",params:{limit: 20},message:"must NOT have more than 20 properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key1 in data11){
if(!(func27.call(schema38.properties.provenance.properties, key1))){
const err23 = {instancePath:instancePath+"/metadata/provenance",schemaPath:"policy-metadata.json/properties/provenance/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data11.tool !== undefined){
let data12 = data11.tool;
if(typeof data12 === "string"){
if(func1(data12) > 100){
const err24 = {instancePath:instancePath+"/metadata/provenance/tool",schemaPath:"policy-metadata.json/properties/provenance/properties/tool/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/metadata/provenance/tool",schemaPath:"policy-metadata.json/properties/provenance/properties/tool/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data11.commit !== undefined){
let data13 = data11.commit;
if(typeof data13 === "string"){
if(func1(data13) > 100){
const err26 = {instancePath:instancePath+"/metadata/provenance/commit",schemaPath:"policy-metadata.json/properties/provenance/properties/commit/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
else {
const err27 = {instancePath:instancePath+"/metadata/provenance/commit",schemaPath:"policy-metadata.json/properties/provenance/properties/commit/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data11.run_url !== undefined){
let data14 = data11.run_url;
if(typeof data14 === "string"){
if(func1(data14) > 2000){
const err28 = {instancePath:instancePath+"/metadata/provenance/run_url",schemaPath:"policy-metadata.json/properties/provenance/properties/run_url/maxLength",keyword:"maxLength",params:{limit: 2000},message:"must NOT have more than 2000 characters"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
else {
const err29 = {instancePath:instancePath+"/metadata/provenance/run_url",schemaPath:"policy-metadata.json/properties/provenance/properties/run_url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data11.actor !== undefined){
let data15 = data11.actor;
if(typeof data15 === "string"){
if(func1(data15) > 200){
const err30 = {instancePath:instancePath+"/metadata/provenance/actor",schemaPath:"policy-metadata.json/properties/provenance/properties/actor/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
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
const err31 = {instancePath:instancePath+"/metadata/provenance/actor",schemaPath:"policy-metadata.json/properties/provenance/properties/actor/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data11.source !== undefined){
let data16 = data11.source;
if(typeof data16 === "string"){
if(func1(data16) > 500){
const err32 = {instancePath:instancePath+"/metadata/provenance/source",schemaPath:"policy-metadata.json/properties/provenance/properties/source/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
else {
const err33 = {instancePath:instancePath+"/metadata/provenance/source",schemaPath:"policy-metadata.json/properties/provenance/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data11.content_hash !== undefined){
let data17 = data11.content_hash;
if(typeof data17 === "string"){
if(!pattern11.test(data17)){
const err34 = {instancePath:instancePath+"/metadata/provenance/content_hash",schemaPath:"policy-metadata.json/properties/provenance/properties/content_hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
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
const err35 = {instancePath:instancePath+"/metadata/provenance/content_hash",schemaPath:"policy-metadata.json/properties/provenance/properties/content_hash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data11.applied_at !== undefined){
let data18 = data11.applied_at;
if(typeof data18 === "string"){
if(!(formats4.validate(data18))){
const err36 = {instancePath:instancePath+"/metadata/provenance/applied_at",schemaPath:"policy-metadata.json/properties/provenance/properties/applied_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
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
const err37 = {instancePath:instancePath+"/metadata/provenance/applied_at",schemaPath:"policy-metadata.json/properties/provenance/properties/applied_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data11.rolled_back_from !== undefined){
let data19 = data11.rolled_back_from;
if(!(((typeof data19 == "number") && (!(data19 % 1) && !isNaN(data19))) && (isFinite(data19)))){
const err38 = {instancePath:instancePath+"/metadata/provenance/rolled_back_from",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_from/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data19 == "number") && (isFinite(data19))){
if(data19 < 1 || isNaN(data19)){
const err39 = {instancePath:instancePath+"/metadata/provenance/rolled_back_from",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_from/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data11.rolled_back_to !== undefined){
let data20 = data11.rolled_back_to;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err40 = {instancePath:instancePath+"/metadata/provenance/rolled_back_to",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_to/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 1 || isNaN(data20)){
const err41 = {instancePath:instancePath+"/metadata/provenance/rolled_back_to",schemaPath:"policy-metadata.json/properties/provenance/properties/rolled_back_to/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data11.policy_set !== undefined){
let data21 = data11.policy_set;
if(typeof data21 === "string"){
if(!(formats10.test(data21))){
const err42 = {instancePath:instancePath+"/metadata/provenance/policy_set",schemaPath:"policy-metadata.json/properties/provenance/properties/policy_set/format",keyword:"format",params:{format: "uuid"},message:"must match format \""+"uuid"+"\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/metadata/provenance/policy_set",schemaPath:"policy-metadata.json/properties/provenance/properties/policy_set/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath:instancePath+"/metadata/provenance",schemaPath:"policy-metadata.json/properties/provenance/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err45 = {instancePath:instancePath+"/metadata",schemaPath:"policy-metadata.json/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err46 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
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
if(!(((((((key0 === "name") || (key0 === "file")) || (key0 === "line")) || (key0 === "col")) || (key0 === "action")) || (key0 === "content")) || (key0 === "content_hash"))){
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
if(!pattern11.test(data6)){
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
}
else {
const err18 = {instancePath,schemaPath:"#/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
var props0 = true;
}
const _errs16 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err19 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data.file === undefined){
const err20 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data.line === undefined){
const err21 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data.col === undefined){
const err22 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "col"},message:"must have required property '"+"col"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data.action === undefined){
const err23 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data.id === undefined){
const err24 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data.expected_version === undefined){
const err25 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "expected_version"},message:"must have required property '"+"expected_version"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data.content === undefined){
const err26 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data.content_hash === undefined){
const err27 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "content_hash"},message:"must have required property '"+"content_hash"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data.diff === undefined){
const err28 = {instancePath,schemaPath:"#/oneOf/1/required",keyword:"required",params:{missingProperty: "diff"},message:"must have required property '"+"diff"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key1 in data){
if(!(func27.call(schema34.oneOf[1].properties, key1))){
const err29 = {instancePath,schemaPath:"#/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.name !== undefined){
let data7 = data.name;
if(typeof data7 === "string"){
if(func1(data7) < 1){
const err30 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/1/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err31 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/1/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.file !== undefined){
if(typeof data.file !== "string"){
const err32 = {instancePath:instancePath+"/file",schemaPath:"#/oneOf/1/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.line !== undefined){
let data9 = data.line;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err33 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/1/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 1 || isNaN(data9)){
const err34 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/1/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.col !== undefined){
let data10 = data.col;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err35 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/1/properties/col/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 1 || isNaN(data10)){
const err36 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/1/properties/col/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.action !== undefined){
if("update" !== data.action){
const err37 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/1/properties/action/const",keyword:"const",params:{allowedValue: "update"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.id !== undefined){
let data12 = data.id;
if(typeof data12 === "string"){
if(func1(data12) < 1){
const err38 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/1/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err39 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/1/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data13 = data.expected_version;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err40 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/1/properties/expected_version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 1 || isNaN(data13)){
const err41 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/1/properties/expected_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.content !== undefined){
if(!(validate23(data.content, {instancePath:instancePath+"/content",parentData:data,parentDataProperty:"content",rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
if(data.content_hash !== undefined){
let data15 = data.content_hash;
if(typeof data15 === "string"){
if(!pattern11.test(data15)){
const err42 = {instancePath:instancePath+"/content_hash",schemaPath:"#/oneOf/1/properties/content_hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
else {
const err43 = {instancePath:instancePath+"/content_hash",schemaPath:"#/oneOf/1/properties/content_hash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.diff !== undefined){
let data16 = data.diff;
if(Array.isArray(data16)){
const len0 = data16.length;
for(let i0=0; i0<len0; i0++){
let data17 = data16[i0];
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.path === undefined){
const err44 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data17.kind === undefined){
const err45 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data17.text === undefined){
const err46 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key2 in data17){
if(!((((key2 === "path") || (key2 === "kind")) || (key2 === "text")) || (key2 === "rule_index"))){
const err47 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data17.path !== undefined){
if(typeof data17.path !== "string"){
const err48 = {instancePath:instancePath+"/diff/" + i0+"/path",schemaPath:"#/$defs/diffEntry/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data17.kind !== undefined){
let data19 = data17.kind;
if(!(((data19 === "added") || (data19 === "removed")) || (data19 === "changed"))){
const err49 = {instancePath:instancePath+"/diff/" + i0+"/kind",schemaPath:"#/$defs/diffEntry/properties/kind/enum",keyword:"enum",params:{allowedValues: schema39.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data17.text !== undefined){
if(typeof data17.text !== "string"){
const err50 = {instancePath:instancePath+"/diff/" + i0+"/text",schemaPath:"#/$defs/diffEntry/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data17.rule_index !== undefined){
let data21 = data17.rule_index;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err51 = {instancePath:instancePath+"/diff/" + i0+"/rule_index",schemaPath:"#/$defs/diffEntry/properties/rule_index/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err52 = {instancePath:instancePath+"/diff/" + i0+"/rule_index",schemaPath:"#/$defs/diffEntry/properties/rule_index/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
}
else {
const err53 = {instancePath:instancePath+"/diff/" + i0,schemaPath:"#/$defs/diffEntry/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err54 = {instancePath:instancePath+"/diff",schemaPath:"#/oneOf/1/properties/diff/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.drift !== undefined){
let data22 = data.drift;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.updated_by === undefined){
const err55 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "updated_by"},message:"must have required property '"+"updated_by"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data22.updated_at === undefined){
const err56 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "updated_at"},message:"must have required property '"+"updated_at"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data22.version === undefined){
const err57 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(data22.reason === undefined){
const err58 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
for(const key3 in data22){
if(!((((key3 === "updated_by") || (key3 === "updated_at")) || (key3 === "version")) || (key3 === "reason"))){
const err59 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data22.updated_by !== undefined){
if(typeof data22.updated_by !== "string"){
const err60 = {instancePath:instancePath+"/drift/updated_by",schemaPath:"#/$defs/drift/properties/updated_by/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data22.updated_at !== undefined){
let data24 = data22.updated_at;
if(typeof data24 === "string"){
if(!(formats4.validate(data24))){
const err61 = {instancePath:instancePath+"/drift/updated_at",schemaPath:"#/$defs/drift/properties/updated_at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
else {
const err62 = {instancePath:instancePath+"/drift/updated_at",schemaPath:"#/$defs/drift/properties/updated_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data22.version !== undefined){
let data25 = data22.version;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err63 = {instancePath:instancePath+"/drift/version",schemaPath:"#/$defs/drift/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 1 || isNaN(data25)){
const err64 = {instancePath:instancePath+"/drift/version",schemaPath:"#/$defs/drift/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
}
if(data22.reason !== undefined){
let data26 = data22.reason;
if(!((data26 === "changed_since_apply") || (data26 === "provenance_removed"))){
const err65 = {instancePath:instancePath+"/drift/reason",schemaPath:"#/$defs/drift/properties/reason/enum",keyword:"enum",params:{allowedValues: schema40.properties.reason.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
else {
const err66 = {instancePath:instancePath+"/drift",schemaPath:"#/$defs/drift/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err67 = {instancePath,schemaPath:"#/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
var _valid0 = _errs16 === errors;
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
const _errs59 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err68 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(data.file === undefined){
const err69 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if(data.line === undefined){
const err70 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data.col === undefined){
const err71 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "col"},message:"must have required property '"+"col"+"'"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data.action === undefined){
const err72 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(data.id === undefined){
const err73 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
if(data.version === undefined){
const err74 = {instancePath,schemaPath:"#/oneOf/2/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
for(const key4 in data){
if(!(((((((key4 === "name") || (key4 === "file")) || (key4 === "line")) || (key4 === "col")) || (key4 === "action")) || (key4 === "id")) || (key4 === "version"))){
const err75 = {instancePath,schemaPath:"#/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data.name !== undefined){
let data27 = data.name;
if(typeof data27 === "string"){
if(func1(data27) < 1){
const err76 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/2/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
else {
const err77 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/2/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data.file !== undefined){
if(typeof data.file !== "string"){
const err78 = {instancePath:instancePath+"/file",schemaPath:"#/oneOf/2/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.line !== undefined){
let data29 = data.line;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err79 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/2/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 < 1 || isNaN(data29)){
const err80 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/2/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
}
if(data.col !== undefined){
let data30 = data.col;
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
const err81 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/2/properties/col/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 < 1 || isNaN(data30)){
const err82 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/2/properties/col/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
}
if(data.action !== undefined){
if("unchanged" !== data.action){
const err83 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/2/properties/action/const",keyword:"const",params:{allowedValue: "unchanged"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data.id !== undefined){
let data32 = data.id;
if(typeof data32 === "string"){
if(func1(data32) < 1){
const err84 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/2/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
else {
const err85 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/2/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data.version !== undefined){
let data33 = data.version;
if(!(((typeof data33 == "number") && (!(data33 % 1) && !isNaN(data33))) && (isFinite(data33)))){
const err86 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/2/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if((typeof data33 == "number") && (isFinite(data33))){
if(data33 < 1 || isNaN(data33)){
const err87 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/2/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
}
else {
const err88 = {instancePath,schemaPath:"#/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
var _valid0 = _errs59 === errors;
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
const _errs75 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.name === undefined){
const err89 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(data.file === undefined){
const err90 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data.line === undefined){
const err91 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
if(data.col === undefined){
const err92 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "col"},message:"must have required property '"+"col"+"'"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
if(data.action === undefined){
const err93 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if(data.id === undefined){
const err94 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if(data.reason === undefined){
const err95 = {instancePath,schemaPath:"#/oneOf/3/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
for(const key5 in data){
if(!(((((((key5 === "name") || (key5 === "file")) || (key5 === "line")) || (key5 === "col")) || (key5 === "action")) || (key5 === "id")) || (key5 === "reason"))){
const err96 = {instancePath,schemaPath:"#/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data.name !== undefined){
let data34 = data.name;
if(typeof data34 === "string"){
if(func1(data34) < 1){
const err97 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/3/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
else {
const err98 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/3/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data.file !== undefined){
if(typeof data.file !== "string"){
const err99 = {instancePath:instancePath+"/file",schemaPath:"#/oneOf/3/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
if(data.line !== undefined){
let data36 = data.line;
if(!(((typeof data36 == "number") && (!(data36 % 1) && !isNaN(data36))) && (isFinite(data36)))){
const err100 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/3/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
if((typeof data36 == "number") && (isFinite(data36))){
if(data36 < 1 || isNaN(data36)){
const err101 = {instancePath:instancePath+"/line",schemaPath:"#/oneOf/3/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
}
}
if(data.col !== undefined){
let data37 = data.col;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
const err102 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/3/properties/col/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 < 1 || isNaN(data37)){
const err103 = {instancePath:instancePath+"/col",schemaPath:"#/oneOf/3/properties/col/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
}
if(data.action !== undefined){
if("blocked" !== data.action){
const err104 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/3/properties/action/const",keyword:"const",params:{allowedValue: "blocked"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data.id !== undefined){
let data39 = data.id;
if(typeof data39 === "string"){
if(func1(data39) < 1){
const err105 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/3/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
}
else {
const err106 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/3/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
if(data.reason !== undefined){
if(typeof data.reason !== "string"){
const err107 = {instancePath:instancePath+"/reason",schemaPath:"#/oneOf/3/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
}
else {
const err108 = {instancePath,schemaPath:"#/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
var _valid0 = _errs75 === errors;
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
const _errs91 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.action === undefined){
const err109 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
if(data.name === undefined){
const err110 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
if(data.id === undefined){
const err111 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
if(data.expected_version === undefined){
const err112 = {instancePath,schemaPath:"#/oneOf/4/required",keyword:"required",params:{missingProperty: "expected_version"},message:"must have required property '"+"expected_version"+"'"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
for(const key6 in data){
if(!((((key6 === "action") || (key6 === "name")) || (key6 === "id")) || (key6 === "expected_version"))){
const err113 = {instancePath,schemaPath:"#/oneOf/4/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data.action !== undefined){
if("delete" !== data.action){
const err114 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/4/properties/action/const",keyword:"const",params:{allowedValue: "delete"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
if(data.name !== undefined){
let data42 = data.name;
if(typeof data42 === "string"){
if(func1(data42) < 1){
const err115 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/4/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err116 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/4/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
if(data.id !== undefined){
let data43 = data.id;
if(typeof data43 === "string"){
if(func1(data43) < 1){
const err117 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/4/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err117];
}
else {
vErrors.push(err117);
}
errors++;
}
}
else {
const err118 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/4/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
if(data.expected_version !== undefined){
let data44 = data.expected_version;
if(!(((typeof data44 == "number") && (!(data44 % 1) && !isNaN(data44))) && (isFinite(data44)))){
const err119 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/4/properties/expected_version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 < 1 || isNaN(data44)){
const err120 = {instancePath:instancePath+"/expected_version",schemaPath:"#/oneOf/4/properties/expected_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
}
}
else {
const err121 = {instancePath,schemaPath:"#/oneOf/4/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
var _valid0 = _errs91 === errors;
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
const _errs101 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.action === undefined){
const err122 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "action"},message:"must have required property '"+"action"+"'"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
if(data.name === undefined){
const err123 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
if(data.id === undefined){
const err124 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
if(data.version === undefined){
const err125 = {instancePath,schemaPath:"#/oneOf/5/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
for(const key7 in data){
if(!((((key7 === "action") || (key7 === "name")) || (key7 === "id")) || (key7 === "version"))){
const err126 = {instancePath,schemaPath:"#/oneOf/5/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
}
if(data.action !== undefined){
if("orphaned" !== data.action){
const err127 = {instancePath:instancePath+"/action",schemaPath:"#/oneOf/5/properties/action/const",keyword:"const",params:{allowedValue: "orphaned"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
if(data.name !== undefined){
let data46 = data.name;
if(typeof data46 === "string"){
if(func1(data46) < 1){
const err128 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/5/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
else {
const err129 = {instancePath:instancePath+"/name",schemaPath:"#/oneOf/5/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err129];
}
else {
vErrors.push(err129);
}
errors++;
}
}
if(data.id !== undefined){
let data47 = data.id;
if(typeof data47 === "string"){
if(func1(data47) < 1){
const err130 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/5/properties/id/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err130];
}
else {
vErrors.push(err130);
}
errors++;
}
}
else {
const err131 = {instancePath:instancePath+"/id",schemaPath:"#/oneOf/5/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
if(data.version !== undefined){
let data48 = data.version;
if(!(((typeof data48 == "number") && (!(data48 % 1) && !isNaN(data48))) && (isFinite(data48)))){
const err132 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/5/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
if((typeof data48 == "number") && (isFinite(data48))){
if(data48 < 1 || isNaN(data48)){
const err133 = {instancePath:instancePath+"/version",schemaPath:"#/oneOf/5/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
}
}
else {
const err134 = {instancePath,schemaPath:"#/oneOf/5/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
var _valid0 = _errs101 === errors;
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
const err135 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
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

export const policyTest = validate29;
const schema42 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-test.json","title":"PolicyTestFile","description":"A policy test file (*.test.yaml), run offline by `acctl policy test` with the server's engine. Named principals and resources, then tests: every combination of a test's principals, resources and actions must get the expected decision at the test's time.","type":"object","required":["name","tests"],"properties":{"$schema":{"type":"string","description":"Ignored; lets the file name its schema for editors."},"name":{"type":"string","minLength":1,"maxLength":200,"description":"Name of this group of tests."},"description":{"type":"string","maxLength":2000},"policies":{"type":"array","items":{"type":"string","minLength":1,"maxLength":200},"minItems":1,"maxItems":500,"uniqueItems":true,"description":"Evaluate exactly these policies (by name), whatever their status, as a simulation does. Without it: every active policy of the folder, as the server enforces them."},"at":{"type":"string","format":"date-time","description":"Time of the tests that do not set their own (RFC 3339, e.g. 2026-03-10T14:00:00Z): time conditions read it."},"context":{"type":"object","description":"Request context of every test; a test's own context is merged over it.","properties":{"ip_address":{"type":"string","maxLength":45},"risk_score":{"type":"number"},"device_trusted":{"type":"boolean"},"mfa_verified":{"type":"boolean"}},"maxProperties":50,"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}},"principals":{"type":"object","description":"Principals by the name tests use.","maxProperties":500,"additionalProperties":{"type":"object","required":["type"],"properties":{"id":{"type":"string","maxLength":200},"type":{"type":"string","minLength":1,"maxLength":100,"description":"Principal type, e.g. USER."},"attributes":{"type":"object","maxProperties":100,"propertyNames":{"maxLength":100},"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}}},"additionalProperties":false}},"resources":{"type":"object","description":"Resources by the name tests use.","maxProperties":500,"additionalProperties":{"type":"object","required":["type","identifier"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Resource type, e.g. database."},"identifier":{"type":"string","minLength":1,"maxLength":500}},"additionalProperties":false}},"tests":{"type":"array","minItems":1,"maxItems":1000,"items":{"type":"object","required":["name","principals","resources","actions","expect"],"properties":{"name":{"type":"string","minLength":1,"maxLength":200},"principals":{"type":"array","items":{"type":"string","minLength":1},"minItems":1,"maxItems":100,"description":"Names from the file's principals."},"resources":{"type":"array","items":{"type":"string","minLength":1},"minItems":1,"maxItems":100,"description":"Names from the file's resources."},"actions":{"type":"array","items":{"type":"string","minLength":1,"maxLength":100},"minItems":1,"maxItems":100},"at":{"type":"string","format":"date-time","description":"Time of this test; default: the file's `at`."},"context":{"type":"object","description":"Merged over the file's context.","properties":{"ip_address":{"type":"string","maxLength":45},"risk_score":{"type":"number"},"device_trusted":{"type":"boolean"},"mfa_verified":{"type":"boolean"}},"maxProperties":50,"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}},"expect":{"enum":["allow","deny"],"description":"The decision every combination must get."},"matched":{"type":"array","description":"When given, exactly these rules must match (apply) in every combination, in any order; [] means none.","maxItems":100,"items":{"type":"object","required":["policy","rule"],"properties":{"policy":{"type":"string","minLength":1,"maxLength":200,"description":"Policy name."},"rule":{"type":"integer","minimum":0,"description":"Zero-based index of the rule in the policy."}},"additionalProperties":false}}},"additionalProperties":false}}},"additionalProperties":false};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-test.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate29.evaluated;
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
if(!(func27.call(schema42.properties, key0))){
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
if(!((((key1 === "ip_address") || (key1 === "risk_score")) || (key1 === "device_trusted")) || (key1 === "mfa_verified"))){
let data7 = data6[key1];
if((((typeof data7 !== "string") && (!((typeof data7 == "number") && (isFinite(data7))))) && (typeof data7 !== "boolean")) && (data7 !== null)){
const err19 = {instancePath:instancePath+"/context/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/context/additionalProperties/type",keyword:"type",params:{type: schema42.properties.context.additionalProperties.type},message:"must be string,number,boolean,null"};
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
}
else {
const err26 = {instancePath:instancePath+"/context",schemaPath:"#/properties/context/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.principals !== undefined){
let data12 = data.principals;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(Object.keys(data12).length > 500){
const err27 = {instancePath:instancePath+"/principals",schemaPath:"#/properties/principals/maxProperties",keyword:"maxProperties",params:{limit: 500},message:"must NOT have more than 500 properties"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
for(const key2 in data12){
let data13 = data12[key2];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.type === undefined){
const err28 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key3 in data13){
if(!(((key3 === "id") || (key3 === "type")) || (key3 === "attributes"))){
const err29 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data13.id !== undefined){
let data14 = data13.id;
if(typeof data14 === "string"){
if(func1(data14) > 200){
const err30 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/id",schemaPath:"#/properties/principals/additionalProperties/properties/id/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
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
const err31 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/id",schemaPath:"#/properties/principals/additionalProperties/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data13.type !== undefined){
let data15 = data13.type;
if(typeof data15 === "string"){
if(func1(data15) > 100){
const err32 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/principals/additionalProperties/properties/type/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(func1(data15) < 1){
const err33 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/principals/additionalProperties/properties/type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err34 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/principals/additionalProperties/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data13.attributes !== undefined){
let data16 = data13.attributes;
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(Object.keys(data16).length > 100){
const err35 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/maxProperties",keyword:"maxProperties",params:{limit: 100},message:"must NOT have more than 100 properties"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
for(const key4 in data16){
const _errs39 = errors;
if(typeof key4 === "string"){
if(func1(key4) > 100){
const err36 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/propertyNames/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters",propertyName:key4};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
var valid8 = _errs39 === errors;
if(!valid8){
const err37 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/propertyNames",keyword:"propertyNames",params:{propertyName: key4},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
for(const key5 in data16){
let data17 = data16[key5];
if((((typeof data17 !== "string") && (!((typeof data17 == "number") && (isFinite(data17))))) && (typeof data17 !== "boolean")) && (data17 !== null)){
const err38 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/properties/attributes/additionalProperties/type",keyword:"type",params:{type: schema42.properties.principals.additionalProperties.properties.attributes.additionalProperties.type},message:"must be string,number,boolean,null"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(typeof data17 === "string"){
if(func1(data17) > 1000){
const err39 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/properties/attributes/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
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
}
else {
const err40 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes",schemaPath:"#/properties/principals/additionalProperties/properties/attributes/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err41 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err42 = {instancePath:instancePath+"/principals",schemaPath:"#/properties/principals/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.resources !== undefined){
let data18 = data.resources;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(Object.keys(data18).length > 500){
const err43 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/maxProperties",keyword:"maxProperties",params:{limit: 500},message:"must NOT have more than 500 properties"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
for(const key6 in data18){
let data19 = data18[key6];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.type === undefined){
const err44 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data19.identifier === undefined){
const err45 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/required",keyword:"required",params:{missingProperty: "identifier"},message:"must have required property '"+"identifier"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
for(const key7 in data19){
if(!((key7 === "type") || (key7 === "identifier"))){
const err46 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data19.type !== undefined){
let data20 = data19.type;
if(typeof data20 === "string"){
if(func1(data20) > 100){
const err47 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/resources/additionalProperties/properties/type/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(func1(data20) < 1){
const err48 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/resources/additionalProperties/properties/type/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
else {
const err49 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/type",schemaPath:"#/properties/resources/additionalProperties/properties/type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data19.identifier !== undefined){
let data21 = data19.identifier;
if(typeof data21 === "string"){
if(func1(data21) > 500){
const err50 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/identifier",schemaPath:"#/properties/resources/additionalProperties/properties/identifier/maxLength",keyword:"maxLength",params:{limit: 500},message:"must NOT have more than 500 characters"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if(func1(data21) < 1){
const err51 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/identifier",schemaPath:"#/properties/resources/additionalProperties/properties/identifier/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
else {
const err52 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1")+"/identifier",schemaPath:"#/properties/resources/additionalProperties/properties/identifier/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
}
else {
const err53 = {instancePath:instancePath+"/resources/" + key6.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/resources/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err54 = {instancePath:instancePath+"/resources",schemaPath:"#/properties/resources/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.tests !== undefined){
let data22 = data.tests;
if(Array.isArray(data22)){
if(data22.length > 1000){
const err55 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/maxItems",keyword:"maxItems",params:{limit: 1000},message:"must NOT have more than 1000 items"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data22.length < 1){
const err56 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
const len1 = data22.length;
for(let i2=0; i2<len1; i2++){
let data23 = data22[i2];
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.name === undefined){
const err57 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(data23.principals === undefined){
const err58 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "principals"},message:"must have required property '"+"principals"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(data23.resources === undefined){
const err59 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "resources"},message:"must have required property '"+"resources"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data23.actions === undefined){
const err60 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "actions"},message:"must have required property '"+"actions"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data23.expect === undefined){
const err61 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/properties/tests/items/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
for(const key8 in data23){
if(!((((((((key8 === "name") || (key8 === "principals")) || (key8 === "resources")) || (key8 === "actions")) || (key8 === "at")) || (key8 === "context")) || (key8 === "expect")) || (key8 === "matched"))){
const err62 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/properties/tests/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data23.name !== undefined){
let data24 = data23.name;
if(typeof data24 === "string"){
if(func1(data24) > 200){
const err63 = {instancePath:instancePath+"/tests/" + i2+"/name",schemaPath:"#/properties/tests/items/properties/name/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(func1(data24) < 1){
const err64 = {instancePath:instancePath+"/tests/" + i2+"/name",schemaPath:"#/properties/tests/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
else {
const err65 = {instancePath:instancePath+"/tests/" + i2+"/name",schemaPath:"#/properties/tests/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data23.principals !== undefined){
let data25 = data23.principals;
if(Array.isArray(data25)){
if(data25.length > 100){
const err66 = {instancePath:instancePath+"/tests/" + i2+"/principals",schemaPath:"#/properties/tests/items/properties/principals/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(data25.length < 1){
const err67 = {instancePath:instancePath+"/tests/" + i2+"/principals",schemaPath:"#/properties/tests/items/properties/principals/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
const len2 = data25.length;
for(let i3=0; i3<len2; i3++){
let data26 = data25[i3];
if(typeof data26 === "string"){
if(func1(data26) < 1){
const err68 = {instancePath:instancePath+"/tests/" + i2+"/principals/" + i3,schemaPath:"#/properties/tests/items/properties/principals/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
else {
const err69 = {instancePath:instancePath+"/tests/" + i2+"/principals/" + i3,schemaPath:"#/properties/tests/items/properties/principals/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
else {
const err70 = {instancePath:instancePath+"/tests/" + i2+"/principals",schemaPath:"#/properties/tests/items/properties/principals/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data23.resources !== undefined){
let data27 = data23.resources;
if(Array.isArray(data27)){
if(data27.length > 100){
const err71 = {instancePath:instancePath+"/tests/" + i2+"/resources",schemaPath:"#/properties/tests/items/properties/resources/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data27.length < 1){
const err72 = {instancePath:instancePath+"/tests/" + i2+"/resources",schemaPath:"#/properties/tests/items/properties/resources/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
const len3 = data27.length;
for(let i4=0; i4<len3; i4++){
let data28 = data27[i4];
if(typeof data28 === "string"){
if(func1(data28) < 1){
const err73 = {instancePath:instancePath+"/tests/" + i2+"/resources/" + i4,schemaPath:"#/properties/tests/items/properties/resources/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
else {
const err74 = {instancePath:instancePath+"/tests/" + i2+"/resources/" + i4,schemaPath:"#/properties/tests/items/properties/resources/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err75 = {instancePath:instancePath+"/tests/" + i2+"/resources",schemaPath:"#/properties/tests/items/properties/resources/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data23.actions !== undefined){
let data29 = data23.actions;
if(Array.isArray(data29)){
if(data29.length > 100){
const err76 = {instancePath:instancePath+"/tests/" + i2+"/actions",schemaPath:"#/properties/tests/items/properties/actions/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(data29.length < 1){
const err77 = {instancePath:instancePath+"/tests/" + i2+"/actions",schemaPath:"#/properties/tests/items/properties/actions/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
const len4 = data29.length;
for(let i5=0; i5<len4; i5++){
let data30 = data29[i5];
if(typeof data30 === "string"){
if(func1(data30) > 100){
const err78 = {instancePath:instancePath+"/tests/" + i2+"/actions/" + i5,schemaPath:"#/properties/tests/items/properties/actions/items/maxLength",keyword:"maxLength",params:{limit: 100},message:"must NOT have more than 100 characters"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if(func1(data30) < 1){
const err79 = {instancePath:instancePath+"/tests/" + i2+"/actions/" + i5,schemaPath:"#/properties/tests/items/properties/actions/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
else {
const err80 = {instancePath:instancePath+"/tests/" + i2+"/actions/" + i5,schemaPath:"#/properties/tests/items/properties/actions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
}
else {
const err81 = {instancePath:instancePath+"/tests/" + i2+"/actions",schemaPath:"#/properties/tests/items/properties/actions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
if(data23.at !== undefined){
let data31 = data23.at;
if(typeof data31 === "string"){
if(!(formats4.validate(data31))){
const err82 = {instancePath:instancePath+"/tests/" + i2+"/at",schemaPath:"#/properties/tests/items/properties/at/format",keyword:"format",params:{format: "date-time"},message:"must match format \""+"date-time"+"\""};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
else {
const err83 = {instancePath:instancePath+"/tests/" + i2+"/at",schemaPath:"#/properties/tests/items/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data23.context !== undefined){
let data32 = data23.context;
if(data32 && typeof data32 == "object" && !Array.isArray(data32)){
if(Object.keys(data32).length > 50){
const err84 = {instancePath:instancePath+"/tests/" + i2+"/context",schemaPath:"#/properties/tests/items/properties/context/maxProperties",keyword:"maxProperties",params:{limit: 50},message:"must NOT have more than 50 properties"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
for(const key9 in data32){
if(!((((key9 === "ip_address") || (key9 === "risk_score")) || (key9 === "device_trusted")) || (key9 === "mfa_verified"))){
let data33 = data32[key9];
if((((typeof data33 !== "string") && (!((typeof data33 == "number") && (isFinite(data33))))) && (typeof data33 !== "boolean")) && (data33 !== null)){
const err85 = {instancePath:instancePath+"/tests/" + i2+"/context/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/tests/items/properties/context/additionalProperties/type",keyword:"type",params:{type: schema42.properties.tests.items.properties.context.additionalProperties.type},message:"must be string,number,boolean,null"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(typeof data33 === "string"){
if(func1(data33) > 1000){
const err86 = {instancePath:instancePath+"/tests/" + i2+"/context/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/tests/items/properties/context/additionalProperties/maxLength",keyword:"maxLength",params:{limit: 1000},message:"must NOT have more than 1000 characters"};
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
}
if(data32.ip_address !== undefined){
let data34 = data32.ip_address;
if(typeof data34 === "string"){
if(func1(data34) > 45){
const err87 = {instancePath:instancePath+"/tests/" + i2+"/context/ip_address",schemaPath:"#/properties/tests/items/properties/context/properties/ip_address/maxLength",keyword:"maxLength",params:{limit: 45},message:"must NOT have more than 45 characters"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
else {
const err88 = {instancePath:instancePath+"/tests/" + i2+"/context/ip_address",schemaPath:"#/properties/tests/items/properties/context/properties/ip_address/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
if(data32.risk_score !== undefined){
let data35 = data32.risk_score;
if(!((typeof data35 == "number") && (isFinite(data35)))){
const err89 = {instancePath:instancePath+"/tests/" + i2+"/context/risk_score",schemaPath:"#/properties/tests/items/properties/context/properties/risk_score/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data32.device_trusted !== undefined){
if(typeof data32.device_trusted !== "boolean"){
const err90 = {instancePath:instancePath+"/tests/" + i2+"/context/device_trusted",schemaPath:"#/properties/tests/items/properties/context/properties/device_trusted/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data32.mfa_verified !== undefined){
if(typeof data32.mfa_verified !== "boolean"){
const err91 = {instancePath:instancePath+"/tests/" + i2+"/context/mfa_verified",schemaPath:"#/properties/tests/items/properties/context/properties/mfa_verified/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
}
else {
const err92 = {instancePath:instancePath+"/tests/" + i2+"/context",schemaPath:"#/properties/tests/items/properties/context/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data23.expect !== undefined){
let data38 = data23.expect;
if(!((data38 === "allow") || (data38 === "deny"))){
const err93 = {instancePath:instancePath+"/tests/" + i2+"/expect",schemaPath:"#/properties/tests/items/properties/expect/enum",keyword:"enum",params:{allowedValues: schema42.properties.tests.items.properties.expect.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data23.matched !== undefined){
let data39 = data23.matched;
if(Array.isArray(data39)){
if(data39.length > 100){
const err94 = {instancePath:instancePath+"/tests/" + i2+"/matched",schemaPath:"#/properties/tests/items/properties/matched/maxItems",keyword:"maxItems",params:{limit: 100},message:"must NOT have more than 100 items"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
const len5 = data39.length;
for(let i6=0; i6<len5; i6++){
let data40 = data39[i6];
if(data40 && typeof data40 == "object" && !Array.isArray(data40)){
if(data40.policy === undefined){
const err95 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6,schemaPath:"#/properties/tests/items/properties/matched/items/required",keyword:"required",params:{missingProperty: "policy"},message:"must have required property '"+"policy"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
if(data40.rule === undefined){
const err96 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6,schemaPath:"#/properties/tests/items/properties/matched/items/required",keyword:"required",params:{missingProperty: "rule"},message:"must have required property '"+"rule"+"'"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
for(const key10 in data40){
if(!((key10 === "policy") || (key10 === "rule"))){
const err97 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6,schemaPath:"#/properties/tests/items/properties/matched/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
}
if(data40.policy !== undefined){
let data41 = data40.policy;
if(typeof data41 === "string"){
if(func1(data41) > 200){
const err98 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6+"/policy",schemaPath:"#/properties/tests/items/properties/matched/items/properties/policy/maxLength",keyword:"maxLength",params:{limit: 200},message:"must NOT have more than 200 characters"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
if(func1(data41) < 1){
const err99 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6+"/policy",schemaPath:"#/properties/tests/items/properties/matched/items/properties/policy/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
else {
const err100 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6+"/policy",schemaPath:"#/properties/tests/items/properties/matched/items/properties/policy/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data40.rule !== undefined){
let data42 = data40.rule;
if(!(((typeof data42 == "number") && (!(data42 % 1) && !isNaN(data42))) && (isFinite(data42)))){
const err101 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6+"/rule",schemaPath:"#/properties/tests/items/properties/matched/items/properties/rule/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
if((typeof data42 == "number") && (isFinite(data42))){
if(data42 < 0 || isNaN(data42)){
const err102 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6+"/rule",schemaPath:"#/properties/tests/items/properties/matched/items/properties/rule/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
}
}
else {
const err103 = {instancePath:instancePath+"/tests/" + i2+"/matched/" + i6,schemaPath:"#/properties/tests/items/properties/matched/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
}
}
else {
const err104 = {instancePath:instancePath+"/tests/" + i2+"/matched",schemaPath:"#/properties/tests/items/properties/matched/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
}
else {
const err105 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/properties/tests/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err106 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
}
}
else {
const err107 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}
validate29.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

/** Each precompiled validator by its schema name (schemas/<name>.json). */
export const precompiledValidators = {
  'acctl-config': acctlConfig,
  'cli/policy-plan-file': cliPolicyPlanFile,
  'policy-create-request': policyCreateRequest,
  'policy-test': policyTest,
};
