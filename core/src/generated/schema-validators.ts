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

export const policyCreateRequest = validate21;
const schema32 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-create-request.json","title":"PolicyCreateRequest","description":"Body of POST /policies. `name` and `rules` are required; `status` defaults to `draft` (not enforced until activated), `description` to the empty string, `metadata` to {}.","type":"object","required":["name","rules"],"properties":{"$schema":{"type":"string","description":"Ignored; lets policy files name their schema for editors."},"name":{"type":"string","minLength":1,"maxLength":200,"pattern":"^[^\\u0000-\\u001f]+$"},"description":{"type":"string","maxLength":2000},"status":{"enum":["draft","active","archived"]},"rules":{"type":"array","items":{"$ref":"policy-rule.json"},"maxItems":500},"metadata":{"$ref":"policy-metadata.json"}},"additionalProperties":false};
const schema35 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-metadata.json","title":"PolicyMetadata","description":"Free-form (spec); the sample has `owner` (string) and `compliance` (array of string). `managed_by` is the ownership label `acctl policy apply` sets from acctl.yaml's `owner` (as Kubernetes' app.kubernetes.io/managed-by label), `provenance` what it records about each apply. Bounded in size.","type":"object","properties":{"owner":{"type":"string","maxLength":200},"compliance":{"type":"array","items":{"type":"string","maxLength":100},"maxItems":50},"managed_by":{"type":"string","maxLength":200,"description":"The ownership label of the policy repository that applies this policy: `acctl policy apply --prune` deletes only policies carrying its own."},"provenance":{"type":"object","description":"Where the version's content came from, written by whoever wrote the version: `acctl policy apply` (tool, commit, run_url, actor, source, content_hash, applied_at) or a rollback (tool `rollback`, actor, rolled_back_from, rolled_back_to, applied_at: the server writes it, so it never repeats the copied version's commit and apply time). Not part of content_hash.","properties":{"tool":{"type":"string","maxLength":100,"description":"What applied it, e.g. `acctl policy apply`."},"commit":{"type":"string","maxLength":100,"description":"The commit SHA of the policy repository."},"run_url":{"type":"string","maxLength":2000,"description":"The CI run that applied it."},"actor":{"type":"string","maxLength":200,"description":"Who triggered the apply (e.g. GITHUB_ACTOR)."},"source":{"type":"string","maxLength":500,"description":"The policy file, relative to the repository."},"content_hash":{"type":"string","pattern":"^[0-9a-f]{64}$","description":"content_hash of what was applied: a live policy whose hash differs was changed on the server since (drift)."},"applied_at":{"type":"string","format":"date-time","description":"When the version was written (by apply, or by the rollback)."},"rolled_back_from":{"type":"integer","minimum":1,"description":"A rollback: the version the policy was at before it (the version it replaced)."},"rolled_back_to":{"type":"integer","minimum":1,"description":"A rollback: the earlier version whose content it wrote again."},"policy_set":{"type":"string","format":"uuid","description":"The change set (POST /policy-sets) that wrote this version; the server sets it, over any value sent."}},"additionalProperties":false,"maxProperties":20}},"maxProperties":100};
const func24 = Object.prototype.hasOwnProperty;
const pattern11 = new RegExp("^[0-9a-f]{64}$", "u");
const schema33 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-rule.json","title":"PolicyRule","description":"Spec, \"Rule\". A rule matches a request when the principal type equals, every named attribute has an accepted value, the resource type equals and the identifier matches a pattern, the action is listed, and every condition holds. Any matching deny wins over allow; nothing matching is deny.","type":"object","required":["effect","principals","resources","actions"],"properties":{"effect":{"enum":["allow","deny"],"description":"The spec shows `allow`; `deny` rules override allows (as in Cerbos and AWS IAM)."},"principals":{"type":"object","required":["type"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Principal type, e.g. USER."},"attributes":{"type":"object","description":"Attribute name to the accepted values; the request's value must be one of them.","maxProperties":50,"propertyNames":{"maxLength":100},"additionalProperties":{"type":"array","items":{"type":"string","maxLength":500},"minItems":1,"maxItems":1000}}},"additionalProperties":false},"resources":{"type":"object","required":["type","identifiers"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Resource type, e.g. database."},"identifiers":{"type":"array","description":"Identifier patterns: exact, or a prefix followed by `*` (a trailing wildcard).","items":{"type":"string","minLength":1,"maxLength":500},"minItems":1,"maxItems":1000}},"additionalProperties":false},"actions":{"type":"array","items":{"type":"string","minLength":1,"maxLength":100},"minItems":1,"maxItems":100,"description":"e.g. read, write, admin."},"conditions":{"type":"array","items":{"$ref":"policy-condition.json"},"maxItems":20,"description":"All must hold. Absent or empty: no conditions."}},"additionalProperties":false};
const schema34 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-condition.json","title":"PolicyCondition","description":"Spec, \"Condition\": three condition types, each with its operator. A value the request does not carry fails the condition (fail closed).","type":"object","required":["type"],"discriminator":{"propertyName":"type"},"oneOf":[{"title":"TimeCondition","description":"The request time, in `timezone`, is within the daily window [start, end). An end before the start is a window across midnight.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"time"},"operator":{"const":"between"},"value":{"type":"object","required":["start","end","timezone"],"properties":{"start":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"HH:MM, 24-hour, inclusive."},"end":{"type":"string","pattern":"^([01][0-9]|2[0-3]):[0-5][0-9]$","description":"HH:MM, 24-hour, exclusive."},"timezone":{"type":"string","format":"iana-time-zone","maxLength":64,"description":"IANA time zone name, e.g. Europe/Berlin."}},"additionalProperties":false}},"additionalProperties":false},{"title":"RiskScoreCondition","description":"context.risk_score is less than `value`.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"risk_score"},"operator":{"const":"less_than"},"value":{"type":"number"}},"additionalProperties":false},{"title":"MfaVerifiedCondition","description":"context.mfa_verified (else the principal's mfa_verified attribute) equals `value`.","type":"object","required":["type","operator","value"],"properties":{"type":{"const":"mfa_verified"},"operator":{"const":"equals"},"value":{"type":"boolean"}},"additionalProperties":false}]};
const pattern9 = new RegExp("^([01][0-9]|2[0-3]):[0-5][0-9]$", "u");
const formats4 = schemaFormats["iana-time-zone"];

function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-rule.json" */;
let vErrors = null;
let errors = 0;
const evaluated0 = validate22.evaluated;
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
const err5 = {instancePath:instancePath+"/effect",schemaPath:"#/properties/effect/enum",keyword:"enum",params:{allowedValues: schema33.properties.effect.enum},message:"must be equal to one of the allowed values"};
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
if(!(formats4.validate(data19))){
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
validate22.errors = vErrors;
return errors === 0;
}
validate22.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

const formats6 = schemaFormats["date-time"];
const formats8 = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

function validate21(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-create-request.json" */;
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
const err10 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema32.properties.status.enum},message:"must be equal to one of the allowed values"};
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
if(!(validate22(data4[i0], {instancePath:instancePath+"/rules/" + i0,parentData:data4,parentDataProperty:i0,rootData,dynamicAnchors}))){
vErrors = vErrors === null ? validate22.errors : vErrors.concat(validate22.errors);
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
if(!(func24.call(schema35.properties.provenance.properties, key1))){
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
if(!(formats6.validate(data18))){
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
if(!(formats8.test(data21))){
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
validate21.errors = vErrors;
return errors === 0;
}
validate21.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

export const policyTest = validate24;
const schema36 = {"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"https://acctl.dev/schemas/policy-test.json","title":"PolicyTestFile","description":"A policy test file (*.test.yaml), run offline by `acctl policy test` with the server's engine. Named principals and resources, then tests: every combination of a test's principals, resources and actions must get the expected decision at the test's time.","type":"object","required":["name","tests"],"properties":{"$schema":{"type":"string","description":"Ignored; lets the file name its schema for editors."},"name":{"type":"string","minLength":1,"maxLength":200,"description":"Name of this group of tests."},"description":{"type":"string","maxLength":2000},"policies":{"type":"array","items":{"type":"string","minLength":1,"maxLength":200},"minItems":1,"maxItems":500,"uniqueItems":true,"description":"Evaluate exactly these policies (by name), whatever their status, as a simulation does. Without it: every active policy of the folder, as the server enforces them."},"at":{"type":"string","format":"date-time","description":"Time of the tests that do not set their own (RFC 3339, e.g. 2026-03-10T14:00:00Z): time conditions read it."},"context":{"type":"object","description":"Request context of every test; a test's own context is merged over it.","properties":{"ip_address":{"type":"string","maxLength":45},"risk_score":{"type":"number"},"device_trusted":{"type":"boolean"},"mfa_verified":{"type":"boolean"}},"maxProperties":50,"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}},"principals":{"type":"object","description":"Principals by the name tests use.","maxProperties":500,"additionalProperties":{"type":"object","required":["type"],"properties":{"id":{"type":"string","maxLength":200},"type":{"type":"string","minLength":1,"maxLength":100,"description":"Principal type, e.g. USER."},"attributes":{"type":"object","maxProperties":100,"propertyNames":{"maxLength":100},"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}}},"additionalProperties":false}},"resources":{"type":"object","description":"Resources by the name tests use.","maxProperties":500,"additionalProperties":{"type":"object","required":["type","identifier"],"properties":{"type":{"type":"string","minLength":1,"maxLength":100,"description":"Resource type, e.g. database."},"identifier":{"type":"string","minLength":1,"maxLength":500}},"additionalProperties":false}},"tests":{"type":"array","minItems":1,"maxItems":1000,"items":{"type":"object","required":["name","principals","resources","actions","expect"],"properties":{"name":{"type":"string","minLength":1,"maxLength":200},"principals":{"type":"array","items":{"type":"string","minLength":1},"minItems":1,"maxItems":100,"description":"Names from the file's principals."},"resources":{"type":"array","items":{"type":"string","minLength":1},"minItems":1,"maxItems":100,"description":"Names from the file's resources."},"actions":{"type":"array","items":{"type":"string","minLength":1,"maxLength":100},"minItems":1,"maxItems":100},"at":{"type":"string","format":"date-time","description":"Time of this test; default: the file's `at`."},"context":{"type":"object","description":"Merged over the file's context.","properties":{"ip_address":{"type":"string","maxLength":45},"risk_score":{"type":"number"},"device_trusted":{"type":"boolean"},"mfa_verified":{"type":"boolean"}},"maxProperties":50,"additionalProperties":{"type":["string","number","boolean","null"],"maxLength":1000}},"expect":{"enum":["allow","deny"],"description":"The decision every combination must get."},"matched":{"type":"array","description":"When given, exactly these rules must match (apply) in every combination, in any order; [] means none.","maxItems":100,"items":{"type":"object","required":["policy","rule"],"properties":{"policy":{"type":"string","minLength":1,"maxLength":200,"description":"Policy name."},"rule":{"type":"integer","minimum":0,"description":"Zero-based index of the rule in the policy."}},"additionalProperties":false}}},"additionalProperties":false}}},"additionalProperties":false};

function validate24(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){
/*# sourceURL="https://acctl.dev/schemas/policy-test.json" */;
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
if(!(func24.call(schema36.properties, key0))){
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
if(!(formats6.validate(data5))){
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
const err19 = {instancePath:instancePath+"/context/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/context/additionalProperties/type",keyword:"type",params:{type: schema36.properties.context.additionalProperties.type},message:"must be string,number,boolean,null"};
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
const err38 = {instancePath:instancePath+"/principals/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/attributes/" + key5.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/principals/additionalProperties/properties/attributes/additionalProperties/type",keyword:"type",params:{type: schema36.properties.principals.additionalProperties.properties.attributes.additionalProperties.type},message:"must be string,number,boolean,null"};
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
if(!(formats6.validate(data31))){
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
const err85 = {instancePath:instancePath+"/tests/" + i2+"/context/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/tests/items/properties/context/additionalProperties/type",keyword:"type",params:{type: schema36.properties.tests.items.properties.context.additionalProperties.type},message:"must be string,number,boolean,null"};
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
const err93 = {instancePath:instancePath+"/tests/" + i2+"/expect",schemaPath:"#/properties/tests/items/properties/expect/enum",keyword:"enum",params:{allowedValues: schema36.properties.tests.items.properties.expect.enum},message:"must be equal to one of the allowed values"};
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
validate24.errors = vErrors;
return errors === 0;
}
validate24.evaluated = {"props":true,"dynamicProps":false,"dynamicItems":false};

/** Each precompiled validator by its schema name (schemas/<name>.json). */
export const precompiledValidators = {
  'acctl-config': acctlConfig,
  'policy-create-request': policyCreateRequest,
  'policy-test': policyTest,
};
