// Generated from docs/schemas/ by `node cli/dev/run-ts.mjs cli/dev/schema-validators.ts` (ajv standalone code); do not edit.
// @ts-nocheck
import { collectBundleRef, schemaRegExp, ucs2length } from './schema-runtime.ts';

export const bundle_attachment = validate10;
const schema11 = {"$id":"https://docket.invalid/schemas/attachment.schema.json","title":"attachment: any JSON document stored as evidence (e.g. a snapshot of a published leaderboard)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","mediaType","body"],"properties":{"kind":{"const":"attachment"},"schemaVersion":{"const":1},"mediaType":{"type":"string","minLength":1,"maxLength":255},"name":{"type":"string","maxLength":1024},"body":{}}};
const func2 = ucs2length;

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/attachment.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.mediaType === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mediaType"},message:"must have required property '"+"mediaType"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.body === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "mediaType")) || (key0 === "name")) || (key0 === "body"))){
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
if(data.kind !== undefined){
if("attachment" !== data.kind){
const err5 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "attachment"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err6 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.mediaType !== undefined){
let data2 = data.mediaType;
if(typeof data2 === "string"){
if(func2(data2) > 255){
const err7 = {instancePath:instancePath+"/mediaType",schemaPath:"#/properties/mediaType/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func2(data2) < 1){
const err8 = {instancePath:instancePath+"/mediaType",schemaPath:"#/properties/mediaType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err9 = {instancePath:instancePath+"/mediaType",schemaPath:"#/properties/mediaType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.name !== undefined){
let data3 = data.name;
if(typeof data3 === "string"){
if(func2(data3) > 1024){
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}

export const bundle_attestation = validate11;
const schema12 = {"$id":"https://docket.invalid/schemas/attestation.schema.json","title":"attestation: a signed in-toto Statement v1 in its DSSE envelope about one bundle of this archive (a run, a plan record), kept so that a release carries it","type":"object","additionalProperties":false,"required":["kind","schemaVersion","subject","predicateType","envelope"],"properties":{"kind":{"const":"attestation"},"schemaVersion":{"const":1},"subject":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":true},"predicateType":{"type":"string","minLength":1},"envelope":{"type":"object","additionalProperties":false,"required":["payloadType","payload","signatures"],"properties":{"payloadType":{"const":"application/vnd.in-toto+json"},"payload":{"type":"string","minLength":1},"signatures":{"type":"array","minItems":1,"items":{"type":"object","additionalProperties":false,"required":["keyid","sig"],"properties":{"keyid":{"type":"string"},"sig":{"type":"string","minLength":1}}}}}}}};
const func5 = collectBundleRef;
const func6 = schemaRegExp;
const pattern0 = func6("^sha256:[0-9a-f]{64}$", "u");

function validate11(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/attestation.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.subject === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "subject"},message:"must have required property '"+"subject"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.predicateType === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "predicateType"},message:"must have required property '"+"predicateType"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.envelope === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "envelope"},message:"must have required property '"+"envelope"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "subject")) || (key0 === "predicateType")) || (key0 === "envelope"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.kind !== undefined){
if("attestation" !== data.kind){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "attestation"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err7 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.subject !== undefined){
let data2 = data.subject;
func5(instancePath+"/subject", data2, null);
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err8 = {instancePath:instancePath+"/subject",schemaPath:"#/properties/subject/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err9 = {instancePath:instancePath+"/subject",schemaPath:"#/properties/subject/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.predicateType !== undefined){
let data3 = data.predicateType;
if(typeof data3 === "string"){
if(func2(data3) < 1){
const err10 = {instancePath:instancePath+"/predicateType",schemaPath:"#/properties/predicateType/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/predicateType",schemaPath:"#/properties/predicateType/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.envelope !== undefined){
let data4 = data.envelope;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.payloadType === undefined){
const err12 = {instancePath:instancePath+"/envelope",schemaPath:"#/properties/envelope/required",keyword:"required",params:{missingProperty: "payloadType"},message:"must have required property '"+"payloadType"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data4.payload === undefined){
const err13 = {instancePath:instancePath+"/envelope",schemaPath:"#/properties/envelope/required",keyword:"required",params:{missingProperty: "payload"},message:"must have required property '"+"payload"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data4.signatures === undefined){
const err14 = {instancePath:instancePath+"/envelope",schemaPath:"#/properties/envelope/required",keyword:"required",params:{missingProperty: "signatures"},message:"must have required property '"+"signatures"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key1 in data4){
if(!(((key1 === "payloadType") || (key1 === "payload")) || (key1 === "signatures"))){
const err15 = {instancePath:instancePath+"/envelope",schemaPath:"#/properties/envelope/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data4.payloadType !== undefined){
if("application/vnd.in-toto+json" !== data4.payloadType){
const err16 = {instancePath:instancePath+"/envelope/payloadType",schemaPath:"#/properties/envelope/properties/payloadType/const",keyword:"const",params:{allowedValue: "application/vnd.in-toto+json"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data4.payload !== undefined){
let data6 = data4.payload;
if(typeof data6 === "string"){
if(func2(data6) < 1){
const err17 = {instancePath:instancePath+"/envelope/payload",schemaPath:"#/properties/envelope/properties/payload/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err18 = {instancePath:instancePath+"/envelope/payload",schemaPath:"#/properties/envelope/properties/payload/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data4.signatures !== undefined){
let data7 = data4.signatures;
if(Array.isArray(data7)){
if(data7.length < 1){
const err19 = {instancePath:instancePath+"/envelope/signatures",schemaPath:"#/properties/envelope/properties/signatures/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.keyid === undefined){
const err20 = {instancePath:instancePath+"/envelope/signatures/" + i0,schemaPath:"#/properties/envelope/properties/signatures/items/required",keyword:"required",params:{missingProperty: "keyid"},message:"must have required property '"+"keyid"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data8.sig === undefined){
const err21 = {instancePath:instancePath+"/envelope/signatures/" + i0,schemaPath:"#/properties/envelope/properties/signatures/items/required",keyword:"required",params:{missingProperty: "sig"},message:"must have required property '"+"sig"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key2 in data8){
if(!((key2 === "keyid") || (key2 === "sig"))){
const err22 = {instancePath:instancePath+"/envelope/signatures/" + i0,schemaPath:"#/properties/envelope/properties/signatures/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data8.keyid !== undefined){
if(typeof data8.keyid !== "string"){
const err23 = {instancePath:instancePath+"/envelope/signatures/" + i0+"/keyid",schemaPath:"#/properties/envelope/properties/signatures/items/properties/keyid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data8.sig !== undefined){
let data10 = data8.sig;
if(typeof data10 === "string"){
if(func2(data10) < 1){
const err24 = {instancePath:instancePath+"/envelope/signatures/" + i0+"/sig",schemaPath:"#/properties/envelope/properties/signatures/items/properties/sig/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err25 = {instancePath:instancePath+"/envelope/signatures/" + i0+"/sig",schemaPath:"#/properties/envelope/properties/signatures/items/properties/sig/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err26 = {instancePath:instancePath+"/envelope/signatures/" + i0,schemaPath:"#/properties/envelope/properties/signatures/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err27 = {instancePath:instancePath+"/envelope/signatures",schemaPath:"#/properties/envelope/properties/signatures/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err28 = {instancePath:instancePath+"/envelope",schemaPath:"#/properties/envelope/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
validate11.errors = vErrors;
return errors === 0;
}

export const bundle_bank = validate12;
const schema13 = {"$id":"https://docket.invalid/schemas/bank.schema.json","title":"bank: a frozen decision bank: template, protocol, questions and source snapshots by digest","type":"object","additionalProperties":false,"required":["kind","schemaVersion","name","version","benchmarkVersion","template","protocol","questions","sources","omissions"],"properties":{"kind":{"const":"bank"},"schemaVersion":{"const":1},"name":{"type":"string"},"version":{"type":"string"},"benchmarkVersion":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"template":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"prompt-template"},"protocol":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"protocol"},"questions":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["id","digest"],"properties":{"id":{"type":"string"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"question"}}}},"tasks":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["id","digest"],"properties":{"id":{"type":"string"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"task"}}},"description":"present only when the bank has tasks, sorted by id bytes"},"sources":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["sourceEval","digest"],"properties":{"sourceEval":{"type":"string"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"source"}}}},"omissions":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["sourceEval","reason"],"properties":{"sourceEval":{"type":"string"},"reason":{"type":"string","minLength":1}}}}}};
const func10 = Object.prototype.hasOwnProperty;

function validate12(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/bank.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.name === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.benchmarkVersion === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "benchmarkVersion"},message:"must have required property '"+"benchmarkVersion"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.template === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "template"},message:"must have required property '"+"template"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.protocol === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "protocol"},message:"must have required property '"+"protocol"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.questions === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "questions"},message:"must have required property '"+"questions"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.sources === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sources"},message:"must have required property '"+"sources"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.omissions === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "omissions"},message:"must have required property '"+"omissions"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema13.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.kind !== undefined){
if("bank" !== data.kind){
const err11 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "bank"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err12 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.name !== undefined){
if(typeof data.name !== "string"){
const err13 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.version !== undefined){
if(typeof data.version !== "string"){
const err14 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.benchmarkVersion !== undefined){
let data4 = data.benchmarkVersion;
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err15 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err16 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.template !== undefined){
let data5 = data.template;
func5(instancePath+"/template", data5, "prompt-template");
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err17 = {instancePath:instancePath+"/template",schemaPath:"#/properties/template/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err18 = {instancePath:instancePath+"/template",schemaPath:"#/properties/template/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.protocol !== undefined){
let data6 = data.protocol;
func5(instancePath+"/protocol", data6, "protocol");
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err19 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/protocol",schemaPath:"#/properties/protocol/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.questions !== undefined){
let data7 = data.questions;
if(Array.isArray(data7)){
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.id === undefined){
const err21 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data8.digest === undefined){
const err22 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key1 in data8){
if(!((key1 === "id") || (key1 === "digest"))){
const err23 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data8.id !== undefined){
if(typeof data8.id !== "string"){
const err24 = {instancePath:instancePath+"/questions/" + i0+"/id",schemaPath:"#/properties/questions/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data8.digest !== undefined){
let data10 = data8.digest;
func5(instancePath+"/questions/" + i0+"/digest", data10, "question");
if(typeof data10 === "string"){
if(!pattern0.test(data10)){
const err25 = {instancePath:instancePath+"/questions/" + i0+"/digest",schemaPath:"#/properties/questions/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err26 = {instancePath:instancePath+"/questions/" + i0+"/digest",schemaPath:"#/properties/questions/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err27 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err28 = {instancePath:instancePath+"/questions",schemaPath:"#/properties/questions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.tasks !== undefined){
let data11 = data.tasks;
if(Array.isArray(data11)){
const len1 = data11.length;
for(let i1=0; i1<len1; i1++){
let data12 = data11[i1];
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(data12.id === undefined){
const err29 = {instancePath:instancePath+"/tasks/" + i1,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data12.digest === undefined){
const err30 = {instancePath:instancePath+"/tasks/" + i1,schemaPath:"#/properties/tasks/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
for(const key2 in data12){
if(!((key2 === "id") || (key2 === "digest"))){
const err31 = {instancePath:instancePath+"/tasks/" + i1,schemaPath:"#/properties/tasks/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data12.id !== undefined){
if(typeof data12.id !== "string"){
const err32 = {instancePath:instancePath+"/tasks/" + i1+"/id",schemaPath:"#/properties/tasks/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data12.digest !== undefined){
let data14 = data12.digest;
func5(instancePath+"/tasks/" + i1+"/digest", data14, "task");
if(typeof data14 === "string"){
if(!pattern0.test(data14)){
const err33 = {instancePath:instancePath+"/tasks/" + i1+"/digest",schemaPath:"#/properties/tasks/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err34 = {instancePath:instancePath+"/tasks/" + i1+"/digest",schemaPath:"#/properties/tasks/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err35 = {instancePath:instancePath+"/tasks/" + i1,schemaPath:"#/properties/tasks/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err36 = {instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.sources !== undefined){
let data15 = data.sources;
if(Array.isArray(data15)){
const len2 = data15.length;
for(let i2=0; i2<len2; i2++){
let data16 = data15[i2];
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.sourceEval === undefined){
const err37 = {instancePath:instancePath+"/sources/" + i2,schemaPath:"#/properties/sources/items/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data16.digest === undefined){
const err38 = {instancePath:instancePath+"/sources/" + i2,schemaPath:"#/properties/sources/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
for(const key3 in data16){
if(!((key3 === "sourceEval") || (key3 === "digest"))){
const err39 = {instancePath:instancePath+"/sources/" + i2,schemaPath:"#/properties/sources/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data16.sourceEval !== undefined){
if(typeof data16.sourceEval !== "string"){
const err40 = {instancePath:instancePath+"/sources/" + i2+"/sourceEval",schemaPath:"#/properties/sources/items/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data16.digest !== undefined){
let data18 = data16.digest;
func5(instancePath+"/sources/" + i2+"/digest", data18, "source");
if(typeof data18 === "string"){
if(!pattern0.test(data18)){
const err41 = {instancePath:instancePath+"/sources/" + i2+"/digest",schemaPath:"#/properties/sources/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/sources/" + i2+"/digest",schemaPath:"#/properties/sources/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err43 = {instancePath:instancePath+"/sources/" + i2,schemaPath:"#/properties/sources/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err44 = {instancePath:instancePath+"/sources",schemaPath:"#/properties/sources/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.omissions !== undefined){
let data19 = data.omissions;
if(Array.isArray(data19)){
const len3 = data19.length;
for(let i3=0; i3<len3; i3++){
let data20 = data19[i3];
if(data20 && typeof data20 == "object" && !Array.isArray(data20)){
if(data20.sourceEval === undefined){
const err45 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data20.reason === undefined){
const err46 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key4 in data20){
if(!((key4 === "sourceEval") || (key4 === "reason"))){
const err47 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data20.sourceEval !== undefined){
if(typeof data20.sourceEval !== "string"){
const err48 = {instancePath:instancePath+"/omissions/" + i3+"/sourceEval",schemaPath:"#/properties/omissions/items/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data20.reason !== undefined){
let data22 = data20.reason;
if(typeof data22 === "string"){
if(func2(data22) < 1){
const err49 = {instancePath:instancePath+"/omissions/" + i3+"/reason",schemaPath:"#/properties/omissions/items/properties/reason/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err50 = {instancePath:instancePath+"/omissions/" + i3+"/reason",schemaPath:"#/properties/omissions/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err51 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
else {
const err52 = {instancePath:instancePath+"/omissions",schemaPath:"#/properties/omissions/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err53 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
validate12.errors = vErrors;
return errors === 0;
}

export const bundle_evidence = validate13;
const schema14 = {"$id":"https://docket.invalid/schemas/evidence.schema.json","title":"evidence: the archived output of one question's probe (schema 1: node probes; schema 2, what capture writes, adds probeRuntime and packages, always both)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","question","sourceEval","source","probe","command","lockfile","runtime","exitCode","stdout","stderr","answer"],"$defs":{"stream":{"type":"object","additionalProperties":false,"required":["digest","size","text"],"properties":{"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"size":{"type":"integer","minimum":0},"text":{"type":"string"}}},"package":{"type":"object","additionalProperties":false,"required":["name","version","path","integrity","digest"],"properties":{"name":{"type":"string","minLength":1},"version":{"type":"string"},"path":{"type":"string","minLength":1},"integrity":{"type":["string","null"]},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}},"file":{"type":"object","additionalProperties":false,"required":["path","digest"],"properties":{"path":{"type":"string"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}}},"properties":{"kind":{"const":"evidence"},"schemaVersion":{"enum":[1,2]},"question":{"type":"string"},"sourceEval":{"type":"string"},"source":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"source"},"probe":{"$ref":"#/$defs/file"},"command":{"type":"array","items":{"type":"string"}},"lockfile":{"$ref":"#/$defs/file"},"runtime":{"type":"object","additionalProperties":false,"required":["node","platform","arch"],"properties":{"node":{"type":"string"},"platform":{"type":"string"},"arch":{"type":"string"}}},"probeRuntime":{"type":"object","additionalProperties":false,"required":["name","version","timeoutMs"],"properties":{"name":{"enum":["node","tsx","bun"]},"version":{"type":"string"},"timeoutMs":{"type":"integer","minimum":1}}},"packages":{"type":"array","items":{"$ref":"#/$defs/package"}},"exitCode":{"type":["integer","null"]},"stdout":{"$ref":"#/$defs/stream"},"stderr":{"$ref":"#/$defs/stream"},"answer":{"enum":["A","B","C","D",null]}}};
const schema15 = {"type":"object","additionalProperties":false,"required":["path","digest"],"properties":{"path":{"type":"string"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}};
const schema17 = {"type":"object","additionalProperties":false,"required":["name","version","path","integrity","digest"],"properties":{"name":{"type":"string","minLength":1},"version":{"type":"string"},"path":{"type":"string","minLength":1},"integrity":{"type":["string","null"]},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}};
const schema18 = {"type":"object","additionalProperties":false,"required":["digest","size","text"],"properties":{"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"size":{"type":"integer","minimum":0},"text":{"type":"string"}}};

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/evidence.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.question === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "question"},message:"must have required property '"+"question"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.sourceEval === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.source === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.probe === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "probe"},message:"must have required property '"+"probe"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.command === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "command"},message:"must have required property '"+"command"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.lockfile === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "lockfile"},message:"must have required property '"+"lockfile"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.runtime === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "runtime"},message:"must have required property '"+"runtime"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.exitCode === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "exitCode"},message:"must have required property '"+"exitCode"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.stdout === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stdout"},message:"must have required property '"+"stdout"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.stderr === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stderr"},message:"must have required property '"+"stderr"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.answer === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "answer"},message:"must have required property '"+"answer"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema14.properties, key0))){
const err13 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.kind !== undefined){
if("evidence" !== data.kind){
const err14 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "evidence"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
let data1 = data.schemaVersion;
if(!((data1 === 1) || (data1 === 2))){
const err15 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/enum",keyword:"enum",params:{allowedValues: schema14.properties.schemaVersion.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.question !== undefined){
if(typeof data.question !== "string"){
const err16 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.sourceEval !== undefined){
if(typeof data.sourceEval !== "string"){
const err17 = {instancePath:instancePath+"/sourceEval",schemaPath:"#/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.source !== undefined){
let data4 = data.source;
func5(instancePath+"/source", data4, "source");
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err18 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err19 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.probe !== undefined){
let data5 = data.probe;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.path === undefined){
const err20 = {instancePath:instancePath+"/probe",schemaPath:"#/$defs/file/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data5.digest === undefined){
const err21 = {instancePath:instancePath+"/probe",schemaPath:"#/$defs/file/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key1 in data5){
if(!((key1 === "path") || (key1 === "digest"))){
const err22 = {instancePath:instancePath+"/probe",schemaPath:"#/$defs/file/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data5.path !== undefined){
if(typeof data5.path !== "string"){
const err23 = {instancePath:instancePath+"/probe/path",schemaPath:"#/$defs/file/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data5.digest !== undefined){
let data7 = data5.digest;
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err24 = {instancePath:instancePath+"/probe/digest",schemaPath:"#/$defs/file/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err25 = {instancePath:instancePath+"/probe/digest",schemaPath:"#/$defs/file/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err26 = {instancePath:instancePath+"/probe",schemaPath:"#/$defs/file/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.command !== undefined){
let data8 = data.command;
if(Array.isArray(data8)){
const len0 = data8.length;
for(let i0=0; i0<len0; i0++){
if(typeof data8[i0] !== "string"){
const err27 = {instancePath:instancePath+"/command/" + i0,schemaPath:"#/properties/command/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err28 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.lockfile !== undefined){
let data10 = data.lockfile;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.path === undefined){
const err29 = {instancePath:instancePath+"/lockfile",schemaPath:"#/$defs/file/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data10.digest === undefined){
const err30 = {instancePath:instancePath+"/lockfile",schemaPath:"#/$defs/file/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
for(const key2 in data10){
if(!((key2 === "path") || (key2 === "digest"))){
const err31 = {instancePath:instancePath+"/lockfile",schemaPath:"#/$defs/file/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data10.path !== undefined){
if(typeof data10.path !== "string"){
const err32 = {instancePath:instancePath+"/lockfile/path",schemaPath:"#/$defs/file/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data10.digest !== undefined){
let data12 = data10.digest;
if(typeof data12 === "string"){
if(!pattern0.test(data12)){
const err33 = {instancePath:instancePath+"/lockfile/digest",schemaPath:"#/$defs/file/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err34 = {instancePath:instancePath+"/lockfile/digest",schemaPath:"#/$defs/file/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err35 = {instancePath:instancePath+"/lockfile",schemaPath:"#/$defs/file/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.runtime !== undefined){
let data13 = data.runtime;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.node === undefined){
const err36 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/required",keyword:"required",params:{missingProperty: "node"},message:"must have required property '"+"node"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data13.platform === undefined){
const err37 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/required",keyword:"required",params:{missingProperty: "platform"},message:"must have required property '"+"platform"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data13.arch === undefined){
const err38 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/required",keyword:"required",params:{missingProperty: "arch"},message:"must have required property '"+"arch"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
for(const key3 in data13){
if(!(((key3 === "node") || (key3 === "platform")) || (key3 === "arch"))){
const err39 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data13.node !== undefined){
if(typeof data13.node !== "string"){
const err40 = {instancePath:instancePath+"/runtime/node",schemaPath:"#/properties/runtime/properties/node/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data13.platform !== undefined){
if(typeof data13.platform !== "string"){
const err41 = {instancePath:instancePath+"/runtime/platform",schemaPath:"#/properties/runtime/properties/platform/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data13.arch !== undefined){
if(typeof data13.arch !== "string"){
const err42 = {instancePath:instancePath+"/runtime/arch",schemaPath:"#/properties/runtime/properties/arch/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err43 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.probeRuntime !== undefined){
let data17 = data.probeRuntime;
if(data17 && typeof data17 == "object" && !Array.isArray(data17)){
if(data17.name === undefined){
const err44 = {instancePath:instancePath+"/probeRuntime",schemaPath:"#/properties/probeRuntime/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data17.version === undefined){
const err45 = {instancePath:instancePath+"/probeRuntime",schemaPath:"#/properties/probeRuntime/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data17.timeoutMs === undefined){
const err46 = {instancePath:instancePath+"/probeRuntime",schemaPath:"#/properties/probeRuntime/required",keyword:"required",params:{missingProperty: "timeoutMs"},message:"must have required property '"+"timeoutMs"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key4 in data17){
if(!(((key4 === "name") || (key4 === "version")) || (key4 === "timeoutMs"))){
const err47 = {instancePath:instancePath+"/probeRuntime",schemaPath:"#/properties/probeRuntime/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data17.name !== undefined){
let data18 = data17.name;
if(!(((data18 === "node") || (data18 === "tsx")) || (data18 === "bun"))){
const err48 = {instancePath:instancePath+"/probeRuntime/name",schemaPath:"#/properties/probeRuntime/properties/name/enum",keyword:"enum",params:{allowedValues: schema14.properties.probeRuntime.properties.name.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data17.version !== undefined){
if(typeof data17.version !== "string"){
const err49 = {instancePath:instancePath+"/probeRuntime/version",schemaPath:"#/properties/probeRuntime/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data17.timeoutMs !== undefined){
let data20 = data17.timeoutMs;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err50 = {instancePath:instancePath+"/probeRuntime/timeoutMs",schemaPath:"#/properties/probeRuntime/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 1 || isNaN(data20)){
const err51 = {instancePath:instancePath+"/probeRuntime/timeoutMs",schemaPath:"#/properties/probeRuntime/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
}
else {
const err52 = {instancePath:instancePath+"/probeRuntime",schemaPath:"#/properties/probeRuntime/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.packages !== undefined){
let data21 = data.packages;
if(Array.isArray(data21)){
const len1 = data21.length;
for(let i1=0; i1<len1; i1++){
let data22 = data21[i1];
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.name === undefined){
const err53 = {instancePath:instancePath+"/packages/" + i1,schemaPath:"#/$defs/package/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data22.version === undefined){
const err54 = {instancePath:instancePath+"/packages/" + i1,schemaPath:"#/$defs/package/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data22.path === undefined){
const err55 = {instancePath:instancePath+"/packages/" + i1,schemaPath:"#/$defs/package/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data22.integrity === undefined){
const err56 = {instancePath:instancePath+"/packages/" + i1,schemaPath:"#/$defs/package/required",keyword:"required",params:{missingProperty: "integrity"},message:"must have required property '"+"integrity"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data22.digest === undefined){
const err57 = {instancePath:instancePath+"/packages/" + i1,schemaPath:"#/$defs/package/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
for(const key5 in data22){
if(!(((((key5 === "name") || (key5 === "version")) || (key5 === "path")) || (key5 === "integrity")) || (key5 === "digest"))){
const err58 = {instancePath:instancePath+"/packages/" + i1,schemaPath:"#/$defs/package/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data22.name !== undefined){
let data23 = data22.name;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err59 = {instancePath:instancePath+"/packages/" + i1+"/name",schemaPath:"#/$defs/package/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/packages/" + i1+"/name",schemaPath:"#/$defs/package/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data22.version !== undefined){
if(typeof data22.version !== "string"){
const err61 = {instancePath:instancePath+"/packages/" + i1+"/version",schemaPath:"#/$defs/package/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
if(data22.path !== undefined){
let data25 = data22.path;
if(typeof data25 === "string"){
if(func2(data25) < 1){
const err62 = {instancePath:instancePath+"/packages/" + i1+"/path",schemaPath:"#/$defs/package/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err63 = {instancePath:instancePath+"/packages/" + i1+"/path",schemaPath:"#/$defs/package/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data22.integrity !== undefined){
let data26 = data22.integrity;
if((typeof data26 !== "string") && (data26 !== null)){
const err64 = {instancePath:instancePath+"/packages/" + i1+"/integrity",schemaPath:"#/$defs/package/properties/integrity/type",keyword:"type",params:{type: schema17.properties.integrity.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data22.digest !== undefined){
let data27 = data22.digest;
if(typeof data27 === "string"){
if(!pattern0.test(data27)){
const err65 = {instancePath:instancePath+"/packages/" + i1+"/digest",schemaPath:"#/$defs/package/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err66 = {instancePath:instancePath+"/packages/" + i1+"/digest",schemaPath:"#/$defs/package/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err67 = {instancePath:instancePath+"/packages/" + i1,schemaPath:"#/$defs/package/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err68 = {instancePath:instancePath+"/packages",schemaPath:"#/properties/packages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data.exitCode !== undefined){
let data28 = data.exitCode;
if((!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))) && (data28 !== null)){
const err69 = {instancePath:instancePath+"/exitCode",schemaPath:"#/properties/exitCode/type",keyword:"type",params:{type: schema14.properties.exitCode.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data.stdout !== undefined){
let data29 = data.stdout;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.digest === undefined){
const err70 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/stream/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(data29.size === undefined){
const err71 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/stream/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if(data29.text === undefined){
const err72 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/stream/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
for(const key6 in data29){
if(!(((key6 === "digest") || (key6 === "size")) || (key6 === "text"))){
const err73 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/stream/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data29.digest !== undefined){
let data30 = data29.digest;
if(typeof data30 === "string"){
if(!pattern0.test(data30)){
const err74 = {instancePath:instancePath+"/stdout/digest",schemaPath:"#/$defs/stream/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
else {
const err75 = {instancePath:instancePath+"/stdout/digest",schemaPath:"#/$defs/stream/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data29.size !== undefined){
let data31 = data29.size;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err76 = {instancePath:instancePath+"/stdout/size",schemaPath:"#/$defs/stream/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err77 = {instancePath:instancePath+"/stdout/size",schemaPath:"#/$defs/stream/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data29.text !== undefined){
if(typeof data29.text !== "string"){
const err78 = {instancePath:instancePath+"/stdout/text",schemaPath:"#/$defs/stream/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err79 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/stream/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data.stderr !== undefined){
let data33 = data.stderr;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.digest === undefined){
const err80 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/stream/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(data33.size === undefined){
const err81 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/stream/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
if(data33.text === undefined){
const err82 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/stream/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
for(const key7 in data33){
if(!(((key7 === "digest") || (key7 === "size")) || (key7 === "text"))){
const err83 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/stream/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data33.digest !== undefined){
let data34 = data33.digest;
if(typeof data34 === "string"){
if(!pattern0.test(data34)){
const err84 = {instancePath:instancePath+"/stderr/digest",schemaPath:"#/$defs/stream/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err85 = {instancePath:instancePath+"/stderr/digest",schemaPath:"#/$defs/stream/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data33.size !== undefined){
let data35 = data33.size;
if(!(((typeof data35 == "number") && (!(data35 % 1) && !isNaN(data35))) && (isFinite(data35)))){
const err86 = {instancePath:instancePath+"/stderr/size",schemaPath:"#/$defs/stream/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 < 0 || isNaN(data35)){
const err87 = {instancePath:instancePath+"/stderr/size",schemaPath:"#/$defs/stream/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data33.text !== undefined){
if(typeof data33.text !== "string"){
const err88 = {instancePath:instancePath+"/stderr/text",schemaPath:"#/$defs/stream/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
}
else {
const err89 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/stream/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data.answer !== undefined){
let data37 = data.answer;
if(!(((((data37 === "A") || (data37 === "B")) || (data37 === "C")) || (data37 === "D")) || (data37 === null))){
const err90 = {instancePath:instancePath+"/answer",schemaPath:"#/properties/answer/enum",keyword:"enum",params:{allowedValues: schema14.properties.answer.enum},message:"must be equal to one of the allowed values"};
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
else {
const err91 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}

export const bundle_exec_result = validate14;
const schema20 = {"$id":"https://docket.invalid/schemas/exec-result.schema.json","title":"exec-result: the evidence of one exec grading (docket-exec/1): the files the reply made, the command, each test's status, duration and bounded failure message, the exit code and bounded output","type":"object","additionalProperties":false,"required":["kind","schemaVersion","runtime","task","grader","source","files","paths","command","outcome","exitCode","signal","timedOut","reportError","tests","stdout","stderr","runtimeInfo","packages"],"$defs":{"test":{"type":"object","additionalProperties":false,"required":["name","status","durationMs","message"],"properties":{"name":{"type":"string"},"status":{"enum":["passed","failed","skipped"]},"durationMs":{"type":["number","null"],"minimum":0},"message":{"type":["string","null"]}}},"text":{"type":"object","additionalProperties":false,"required":["text"],"properties":{"text":{"type":"string"},"truncatedFrom":{"type":"integer","minimum":0}}}},"properties":{"kind":{"const":"exec-result"},"schemaVersion":{"const":1},"runtime":{"const":"docket-exec/1"},"task":{"type":"string"},"grader":{"type":"object","additionalProperties":false,"required":["ref","digest"],"properties":{"ref":{"type":"string"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}},"source":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"source"},"files":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"paths":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","size","digest"],"properties":{"path":{"type":"string"},"size":{"type":"integer","minimum":0},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}}},"command":{"type":"array","items":{"type":"string"}},"outcome":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"exitCode":{"type":["integer","null"]},"signal":{"type":["string","null"]},"timedOut":{"type":"boolean"},"reportError":{"type":["string","null"]},"tests":{"type":"array","items":{"$ref":"#/$defs/test"}},"stdout":{"$ref":"#/$defs/text"},"stderr":{"$ref":"#/$defs/text"},"runtimeInfo":{"type":"object","additionalProperties":false,"required":["node","platform","arch","netns"],"properties":{"node":{"type":"string"},"platform":{"type":"string"},"arch":{"type":"string"},"netns":{"type":"boolean"}}},"packages":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["name","version","path","digest"],"properties":{"name":{"type":"string"},"version":{"type":"string"},"path":{"type":"string"},"digest":{"type":"string"}}}}}};
const schema21 = {"type":"object","additionalProperties":false,"required":["name","status","durationMs","message"],"properties":{"name":{"type":"string"},"status":{"enum":["passed","failed","skipped"]},"durationMs":{"type":["number","null"],"minimum":0},"message":{"type":["string","null"]}}};
const schema22 = {"type":"object","additionalProperties":false,"required":["text"],"properties":{"text":{"type":"string"},"truncatedFrom":{"type":"integer","minimum":0}}};

function validate14(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/exec-result.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.runtime === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "runtime"},message:"must have required property '"+"runtime"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.task === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.grader === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.source === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.files === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "files"},message:"must have required property '"+"files"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.paths === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "paths"},message:"must have required property '"+"paths"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.command === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "command"},message:"must have required property '"+"command"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.outcome === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "outcome"},message:"must have required property '"+"outcome"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.exitCode === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "exitCode"},message:"must have required property '"+"exitCode"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.signal === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "signal"},message:"must have required property '"+"signal"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.timedOut === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "timedOut"},message:"must have required property '"+"timedOut"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.reportError === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reportError"},message:"must have required property '"+"reportError"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.tests === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tests"},message:"must have required property '"+"tests"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.stdout === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stdout"},message:"must have required property '"+"stdout"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.stderr === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stderr"},message:"must have required property '"+"stderr"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.runtimeInfo === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "runtimeInfo"},message:"must have required property '"+"runtimeInfo"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.packages === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "packages"},message:"must have required property '"+"packages"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema20.properties, key0))){
const err19 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.kind !== undefined){
if("exec-result" !== data.kind){
const err20 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "exec-result"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err21 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.runtime !== undefined){
if("docket-exec/1" !== data.runtime){
const err22 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/const",keyword:"const",params:{allowedValue: "docket-exec/1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.task !== undefined){
if(typeof data.task !== "string"){
const err23 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.grader !== undefined){
let data4 = data.grader;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.ref === undefined){
const err24 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data4.digest === undefined){
const err25 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
for(const key1 in data4){
if(!((key1 === "ref") || (key1 === "digest"))){
const err26 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data4.ref !== undefined){
if(typeof data4.ref !== "string"){
const err27 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data4.digest !== undefined){
let data6 = data4.digest;
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err28 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err29 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.source !== undefined){
let data7 = data.source;
func5(instancePath+"/source", data7, "source");
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err31 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err32 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.files !== undefined){
let data8 = data.files;
if(typeof data8 === "string"){
if(!pattern0.test(data8)){
const err33 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err34 = {instancePath:instancePath+"/files",schemaPath:"#/properties/files/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.paths !== undefined){
let data9 = data.paths;
if(Array.isArray(data9)){
const len0 = data9.length;
for(let i0=0; i0<len0; i0++){
let data10 = data9[i0];
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
if(data10.path === undefined){
const err35 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data10.size === undefined){
const err36 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data10.digest === undefined){
const err37 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
for(const key2 in data10){
if(!(((key2 === "path") || (key2 === "size")) || (key2 === "digest"))){
const err38 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data10.path !== undefined){
if(typeof data10.path !== "string"){
const err39 = {instancePath:instancePath+"/paths/" + i0+"/path",schemaPath:"#/properties/paths/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data10.size !== undefined){
let data12 = data10.size;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err40 = {instancePath:instancePath+"/paths/" + i0+"/size",schemaPath:"#/properties/paths/items/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err41 = {instancePath:instancePath+"/paths/" + i0+"/size",schemaPath:"#/properties/paths/items/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data10.digest !== undefined){
let data13 = data10.digest;
if(typeof data13 === "string"){
if(!pattern0.test(data13)){
const err42 = {instancePath:instancePath+"/paths/" + i0+"/digest",schemaPath:"#/properties/paths/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err43 = {instancePath:instancePath+"/paths/" + i0+"/digest",schemaPath:"#/properties/paths/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err44 = {instancePath:instancePath+"/paths/" + i0,schemaPath:"#/properties/paths/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err45 = {instancePath:instancePath+"/paths",schemaPath:"#/properties/paths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.command !== undefined){
let data14 = data.command;
if(Array.isArray(data14)){
const len1 = data14.length;
for(let i1=0; i1<len1; i1++){
if(typeof data14[i1] !== "string"){
const err46 = {instancePath:instancePath+"/command/" + i1,schemaPath:"#/properties/command/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err47 = {instancePath:instancePath+"/command",schemaPath:"#/properties/command/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data.outcome !== undefined){
let data16 = data.outcome;
if(typeof data16 === "string"){
if(!pattern0.test(data16)){
const err48 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err49 = {instancePath:instancePath+"/outcome",schemaPath:"#/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data.exitCode !== undefined){
let data17 = data.exitCode;
if((!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))) && (data17 !== null)){
const err50 = {instancePath:instancePath+"/exitCode",schemaPath:"#/properties/exitCode/type",keyword:"type",params:{type: schema20.properties.exitCode.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.signal !== undefined){
let data18 = data.signal;
if((typeof data18 !== "string") && (data18 !== null)){
const err51 = {instancePath:instancePath+"/signal",schemaPath:"#/properties/signal/type",keyword:"type",params:{type: schema20.properties.signal.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.timedOut !== undefined){
if(typeof data.timedOut !== "boolean"){
const err52 = {instancePath:instancePath+"/timedOut",schemaPath:"#/properties/timedOut/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.reportError !== undefined){
let data20 = data.reportError;
if((typeof data20 !== "string") && (data20 !== null)){
const err53 = {instancePath:instancePath+"/reportError",schemaPath:"#/properties/reportError/type",keyword:"type",params:{type: schema20.properties.reportError.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.tests !== undefined){
let data21 = data.tests;
if(Array.isArray(data21)){
const len2 = data21.length;
for(let i2=0; i2<len2; i2++){
let data22 = data21[i2];
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.name === undefined){
const err54 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/$defs/test/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data22.status === undefined){
const err55 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/$defs/test/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data22.durationMs === undefined){
const err56 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/$defs/test/required",keyword:"required",params:{missingProperty: "durationMs"},message:"must have required property '"+"durationMs"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data22.message === undefined){
const err57 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/$defs/test/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
for(const key3 in data22){
if(!((((key3 === "name") || (key3 === "status")) || (key3 === "durationMs")) || (key3 === "message"))){
const err58 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/$defs/test/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data22.name !== undefined){
if(typeof data22.name !== "string"){
const err59 = {instancePath:instancePath+"/tests/" + i2+"/name",schemaPath:"#/$defs/test/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data22.status !== undefined){
let data24 = data22.status;
if(!(((data24 === "passed") || (data24 === "failed")) || (data24 === "skipped"))){
const err60 = {instancePath:instancePath+"/tests/" + i2+"/status",schemaPath:"#/$defs/test/properties/status/enum",keyword:"enum",params:{allowedValues: schema21.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data22.durationMs !== undefined){
let data25 = data22.durationMs;
if((!((typeof data25 == "number") && (isFinite(data25)))) && (data25 !== null)){
const err61 = {instancePath:instancePath+"/tests/" + i2+"/durationMs",schemaPath:"#/$defs/test/properties/durationMs/type",keyword:"type",params:{type: schema21.properties.durationMs.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 0 || isNaN(data25)){
const err62 = {instancePath:instancePath+"/tests/" + i2+"/durationMs",schemaPath:"#/$defs/test/properties/durationMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data22.message !== undefined){
let data26 = data22.message;
if((typeof data26 !== "string") && (data26 !== null)){
const err63 = {instancePath:instancePath+"/tests/" + i2+"/message",schemaPath:"#/$defs/test/properties/message/type",keyword:"type",params:{type: schema21.properties.message.type},message:"must be string,null"};
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
const err64 = {instancePath:instancePath+"/tests/" + i2,schemaPath:"#/$defs/test/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err65 = {instancePath:instancePath+"/tests",schemaPath:"#/properties/tests/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data.stdout !== undefined){
let data27 = data.stdout;
if(data27 && typeof data27 == "object" && !Array.isArray(data27)){
if(data27.text === undefined){
const err66 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/text/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
for(const key4 in data27){
if(!((key4 === "text") || (key4 === "truncatedFrom"))){
const err67 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/text/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data27.text !== undefined){
if(typeof data27.text !== "string"){
const err68 = {instancePath:instancePath+"/stdout/text",schemaPath:"#/$defs/text/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
}
if(data27.truncatedFrom !== undefined){
let data29 = data27.truncatedFrom;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err69 = {instancePath:instancePath+"/stdout/truncatedFrom",schemaPath:"#/$defs/text/properties/truncatedFrom/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 < 0 || isNaN(data29)){
const err70 = {instancePath:instancePath+"/stdout/truncatedFrom",schemaPath:"#/$defs/text/properties/truncatedFrom/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
}
}
else {
const err71 = {instancePath:instancePath+"/stdout",schemaPath:"#/$defs/text/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data.stderr !== undefined){
let data30 = data.stderr;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(data30.text === undefined){
const err72 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/text/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
for(const key5 in data30){
if(!((key5 === "text") || (key5 === "truncatedFrom"))){
const err73 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/text/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data30.text !== undefined){
if(typeof data30.text !== "string"){
const err74 = {instancePath:instancePath+"/stderr/text",schemaPath:"#/$defs/text/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data30.truncatedFrom !== undefined){
let data32 = data30.truncatedFrom;
if(!(((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32))) && (isFinite(data32)))){
const err75 = {instancePath:instancePath+"/stderr/truncatedFrom",schemaPath:"#/$defs/text/properties/truncatedFrom/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 < 0 || isNaN(data32)){
const err76 = {instancePath:instancePath+"/stderr/truncatedFrom",schemaPath:"#/$defs/text/properties/truncatedFrom/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err77 = {instancePath:instancePath+"/stderr",schemaPath:"#/$defs/text/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
}
if(data.runtimeInfo !== undefined){
let data33 = data.runtimeInfo;
if(data33 && typeof data33 == "object" && !Array.isArray(data33)){
if(data33.node === undefined){
const err78 = {instancePath:instancePath+"/runtimeInfo",schemaPath:"#/properties/runtimeInfo/required",keyword:"required",params:{missingProperty: "node"},message:"must have required property '"+"node"+"'"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if(data33.platform === undefined){
const err79 = {instancePath:instancePath+"/runtimeInfo",schemaPath:"#/properties/runtimeInfo/required",keyword:"required",params:{missingProperty: "platform"},message:"must have required property '"+"platform"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(data33.arch === undefined){
const err80 = {instancePath:instancePath+"/runtimeInfo",schemaPath:"#/properties/runtimeInfo/required",keyword:"required",params:{missingProperty: "arch"},message:"must have required property '"+"arch"+"'"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(data33.netns === undefined){
const err81 = {instancePath:instancePath+"/runtimeInfo",schemaPath:"#/properties/runtimeInfo/required",keyword:"required",params:{missingProperty: "netns"},message:"must have required property '"+"netns"+"'"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
for(const key6 in data33){
if(!((((key6 === "node") || (key6 === "platform")) || (key6 === "arch")) || (key6 === "netns"))){
const err82 = {instancePath:instancePath+"/runtimeInfo",schemaPath:"#/properties/runtimeInfo/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data33.node !== undefined){
if(typeof data33.node !== "string"){
const err83 = {instancePath:instancePath+"/runtimeInfo/node",schemaPath:"#/properties/runtimeInfo/properties/node/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
if(data33.platform !== undefined){
if(typeof data33.platform !== "string"){
const err84 = {instancePath:instancePath+"/runtimeInfo/platform",schemaPath:"#/properties/runtimeInfo/properties/platform/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data33.arch !== undefined){
if(typeof data33.arch !== "string"){
const err85 = {instancePath:instancePath+"/runtimeInfo/arch",schemaPath:"#/properties/runtimeInfo/properties/arch/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data33.netns !== undefined){
if(typeof data33.netns !== "boolean"){
const err86 = {instancePath:instancePath+"/runtimeInfo/netns",schemaPath:"#/properties/runtimeInfo/properties/netns/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
const err87 = {instancePath:instancePath+"/runtimeInfo",schemaPath:"#/properties/runtimeInfo/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data.packages !== undefined){
let data38 = data.packages;
if(Array.isArray(data38)){
const len3 = data38.length;
for(let i3=0; i3<len3; i3++){
let data39 = data38[i3];
if(data39 && typeof data39 == "object" && !Array.isArray(data39)){
if(data39.name === undefined){
const err88 = {instancePath:instancePath+"/packages/" + i3,schemaPath:"#/properties/packages/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if(data39.version === undefined){
const err89 = {instancePath:instancePath+"/packages/" + i3,schemaPath:"#/properties/packages/items/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
if(data39.path === undefined){
const err90 = {instancePath:instancePath+"/packages/" + i3,schemaPath:"#/properties/packages/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
if(data39.digest === undefined){
const err91 = {instancePath:instancePath+"/packages/" + i3,schemaPath:"#/properties/packages/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
for(const key7 in data39){
if(!((((key7 === "name") || (key7 === "version")) || (key7 === "path")) || (key7 === "digest"))){
const err92 = {instancePath:instancePath+"/packages/" + i3,schemaPath:"#/properties/packages/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key7},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data39.name !== undefined){
if(typeof data39.name !== "string"){
const err93 = {instancePath:instancePath+"/packages/" + i3+"/name",schemaPath:"#/properties/packages/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
}
if(data39.version !== undefined){
if(typeof data39.version !== "string"){
const err94 = {instancePath:instancePath+"/packages/" + i3+"/version",schemaPath:"#/properties/packages/items/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
}
if(data39.path !== undefined){
if(typeof data39.path !== "string"){
const err95 = {instancePath:instancePath+"/packages/" + i3+"/path",schemaPath:"#/properties/packages/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
if(data39.digest !== undefined){
if(typeof data39.digest !== "string"){
const err96 = {instancePath:instancePath+"/packages/" + i3+"/digest",schemaPath:"#/properties/packages/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
}
else {
const err97 = {instancePath:instancePath+"/packages/" + i3,schemaPath:"#/properties/packages/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err98 = {instancePath:instancePath+"/packages",schemaPath:"#/properties/packages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
}
else {
const err99 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
validate14.errors = vErrors;
return errors === 0;
}

export const bundle_foreign_grade = validate15;
const schema24 = {"$id":"https://docket.invalid/schemas/foreign-grade.schema.json","title":"foreign-grade: one regrading of an imported run's multiple-choice samples by one docket grader, linked to the import's previous foreign-grade (docs/import.md)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","run","grader","previous","gradedAt","verdicts","counts","skipped"],"properties":{"kind":{"const":"foreign-grade"},"schemaVersion":{"const":1},"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"foreign-run"},"grader":{"type":"object","additionalProperties":false,"required":["ref","id","version","digest"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}},"previous":{"type":["string","null"],"pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"foreign-grade"},"gradedAt":{"type":"string","minLength":1},"verdicts":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["sample","inputHash","verdict","shown","chosen","key","logged"],"properties":{"sample":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"foreign-sample"},"inputHash":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"verdict":{"enum":["correct","incorrect","invalid","truncated"]},"shown":{"enum":["A","B","C","D",null]},"chosen":{"enum":["A","B","C","D",null]},"key":{"enum":["A","B","C","D"]},"logged":{"enum":["correct","incorrect","other"]}}}},"counts":{"type":"object","additionalProperties":false,"required":["samples","correct","incorrect","invalid","truncated","agreeWithLog"],"properties":{"samples":{"type":"integer","minimum":0},"correct":{"type":"integer","minimum":0},"incorrect":{"type":"integer","minimum":0},"invalid":{"type":"integer","minimum":0},"truncated":{"type":"integer","minimum":0},"agreeWithLog":{"type":"integer","minimum":0}}},"skipped":{"type":"integer","minimum":0}}};
const pattern19 = func6("^[a-z][a-z0-9-]*@[1-9][0-9]*$", "u");
const pattern20 = func6("^[a-z][a-z0-9-]*$", "u");

function validate15(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/foreign-grade.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.run === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.grader === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.previous === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "previous"},message:"must have required property '"+"previous"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.gradedAt === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "gradedAt"},message:"must have required property '"+"gradedAt"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.verdicts === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdicts"},message:"must have required property '"+"verdicts"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.counts === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "counts"},message:"must have required property '"+"counts"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.skipped === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "skipped"},message:"must have required property '"+"skipped"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema24.properties, key0))){
const err9 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.kind !== undefined){
if("foreign-grade" !== data.kind){
const err10 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "foreign-grade"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err11 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.run !== undefined){
let data2 = data.run;
func5(instancePath+"/run", data2, "foreign-run");
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err12 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err13 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.grader !== undefined){
let data3 = data.grader;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.ref === undefined){
const err14 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data3.id === undefined){
const err15 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data3.version === undefined){
const err16 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data3.digest === undefined){
const err17 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
for(const key1 in data3){
if(!((((key1 === "ref") || (key1 === "id")) || (key1 === "version")) || (key1 === "digest"))){
const err18 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data3.ref !== undefined){
let data4 = data3.ref;
if(typeof data4 === "string"){
if(!pattern19.test(data4)){
const err19 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data3.id !== undefined){
let data5 = data3.id;
if(typeof data5 === "string"){
if(!pattern20.test(data5)){
const err21 = {instancePath:instancePath+"/grader/id",schemaPath:"#/properties/grader/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
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
const err22 = {instancePath:instancePath+"/grader/id",schemaPath:"#/properties/grader/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data3.version !== undefined){
let data6 = data3.version;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err23 = {instancePath:instancePath+"/grader/version",schemaPath:"#/properties/grader/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 1 || isNaN(data6)){
const err24 = {instancePath:instancePath+"/grader/version",schemaPath:"#/properties/grader/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data3.digest !== undefined){
let data7 = data3.digest;
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err25 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err26 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err27 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.previous !== undefined){
let data8 = data.previous;
if((typeof data8 !== "string") && (data8 !== null)){
const err28 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/type",keyword:"type",params:{type: schema24.properties.previous.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
func5(instancePath+"/previous", data8, "foreign-grade");
if(typeof data8 === "string"){
if(!pattern0.test(data8)){
const err29 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
if(data.gradedAt !== undefined){
let data9 = data.gradedAt;
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err30 = {instancePath:instancePath+"/gradedAt",schemaPath:"#/properties/gradedAt/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err31 = {instancePath:instancePath+"/gradedAt",schemaPath:"#/properties/gradedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.verdicts !== undefined){
let data10 = data.verdicts;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.sample === undefined){
const err32 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/required",keyword:"required",params:{missingProperty: "sample"},message:"must have required property '"+"sample"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data11.inputHash === undefined){
const err33 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/required",keyword:"required",params:{missingProperty: "inputHash"},message:"must have required property '"+"inputHash"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data11.verdict === undefined){
const err34 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data11.shown === undefined){
const err35 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/required",keyword:"required",params:{missingProperty: "shown"},message:"must have required property '"+"shown"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data11.chosen === undefined){
const err36 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/required",keyword:"required",params:{missingProperty: "chosen"},message:"must have required property '"+"chosen"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data11.key === undefined){
const err37 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data11.logged === undefined){
const err38 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/required",keyword:"required",params:{missingProperty: "logged"},message:"must have required property '"+"logged"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
for(const key2 in data11){
if(!(((((((key2 === "sample") || (key2 === "inputHash")) || (key2 === "verdict")) || (key2 === "shown")) || (key2 === "chosen")) || (key2 === "key")) || (key2 === "logged"))){
const err39 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data11.sample !== undefined){
let data12 = data11.sample;
func5(instancePath+"/verdicts/" + i0+"/sample", data12, "foreign-sample");
if(typeof data12 === "string"){
if(!pattern0.test(data12)){
const err40 = {instancePath:instancePath+"/verdicts/" + i0+"/sample",schemaPath:"#/properties/verdicts/items/properties/sample/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/verdicts/" + i0+"/sample",schemaPath:"#/properties/verdicts/items/properties/sample/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data11.inputHash !== undefined){
let data13 = data11.inputHash;
if(typeof data13 === "string"){
if(!pattern0.test(data13)){
const err42 = {instancePath:instancePath+"/verdicts/" + i0+"/inputHash",schemaPath:"#/properties/verdicts/items/properties/inputHash/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err43 = {instancePath:instancePath+"/verdicts/" + i0+"/inputHash",schemaPath:"#/properties/verdicts/items/properties/inputHash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data11.verdict !== undefined){
let data14 = data11.verdict;
if(!((((data14 === "correct") || (data14 === "incorrect")) || (data14 === "invalid")) || (data14 === "truncated"))){
const err44 = {instancePath:instancePath+"/verdicts/" + i0+"/verdict",schemaPath:"#/properties/verdicts/items/properties/verdict/enum",keyword:"enum",params:{allowedValues: schema24.properties.verdicts.items.properties.verdict.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data11.shown !== undefined){
let data15 = data11.shown;
if(!(((((data15 === "A") || (data15 === "B")) || (data15 === "C")) || (data15 === "D")) || (data15 === null))){
const err45 = {instancePath:instancePath+"/verdicts/" + i0+"/shown",schemaPath:"#/properties/verdicts/items/properties/shown/enum",keyword:"enum",params:{allowedValues: schema24.properties.verdicts.items.properties.shown.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data11.chosen !== undefined){
let data16 = data11.chosen;
if(!(((((data16 === "A") || (data16 === "B")) || (data16 === "C")) || (data16 === "D")) || (data16 === null))){
const err46 = {instancePath:instancePath+"/verdicts/" + i0+"/chosen",schemaPath:"#/properties/verdicts/items/properties/chosen/enum",keyword:"enum",params:{allowedValues: schema24.properties.verdicts.items.properties.chosen.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data11.key !== undefined){
let data17 = data11.key;
if(!((((data17 === "A") || (data17 === "B")) || (data17 === "C")) || (data17 === "D"))){
const err47 = {instancePath:instancePath+"/verdicts/" + i0+"/key",schemaPath:"#/properties/verdicts/items/properties/key/enum",keyword:"enum",params:{allowedValues: schema24.properties.verdicts.items.properties.key.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data11.logged !== undefined){
let data18 = data11.logged;
if(!(((data18 === "correct") || (data18 === "incorrect")) || (data18 === "other"))){
const err48 = {instancePath:instancePath+"/verdicts/" + i0+"/logged",schemaPath:"#/properties/verdicts/items/properties/logged/enum",keyword:"enum",params:{allowedValues: schema24.properties.verdicts.items.properties.logged.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/verdicts/" + i0,schemaPath:"#/properties/verdicts/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err50 = {instancePath:instancePath+"/verdicts",schemaPath:"#/properties/verdicts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.counts !== undefined){
let data19 = data.counts;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.samples === undefined){
const err51 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "samples"},message:"must have required property '"+"samples"+"'"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
if(data19.correct === undefined){
const err52 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "correct"},message:"must have required property '"+"correct"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data19.incorrect === undefined){
const err53 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "incorrect"},message:"must have required property '"+"incorrect"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data19.invalid === undefined){
const err54 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "invalid"},message:"must have required property '"+"invalid"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data19.truncated === undefined){
const err55 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data19.agreeWithLog === undefined){
const err56 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "agreeWithLog"},message:"must have required property '"+"agreeWithLog"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
for(const key3 in data19){
if(!((((((key3 === "samples") || (key3 === "correct")) || (key3 === "incorrect")) || (key3 === "invalid")) || (key3 === "truncated")) || (key3 === "agreeWithLog"))){
const err57 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data19.samples !== undefined){
let data20 = data19.samples;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err58 = {instancePath:instancePath+"/counts/samples",schemaPath:"#/properties/counts/properties/samples/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err59 = {instancePath:instancePath+"/counts/samples",schemaPath:"#/properties/counts/properties/samples/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data19.correct !== undefined){
let data21 = data19.correct;
if(!(((typeof data21 == "number") && (!(data21 % 1) && !isNaN(data21))) && (isFinite(data21)))){
const err60 = {instancePath:instancePath+"/counts/correct",schemaPath:"#/properties/counts/properties/correct/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if((typeof data21 == "number") && (isFinite(data21))){
if(data21 < 0 || isNaN(data21)){
const err61 = {instancePath:instancePath+"/counts/correct",schemaPath:"#/properties/counts/properties/correct/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
if(data19.incorrect !== undefined){
let data22 = data19.incorrect;
if(!(((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22))) && (isFinite(data22)))){
const err62 = {instancePath:instancePath+"/counts/incorrect",schemaPath:"#/properties/counts/properties/incorrect/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if((typeof data22 == "number") && (isFinite(data22))){
if(data22 < 0 || isNaN(data22)){
const err63 = {instancePath:instancePath+"/counts/incorrect",schemaPath:"#/properties/counts/properties/incorrect/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data19.invalid !== undefined){
let data23 = data19.invalid;
if(!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))){
const err64 = {instancePath:instancePath+"/counts/invalid",schemaPath:"#/properties/counts/properties/invalid/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err65 = {instancePath:instancePath+"/counts/invalid",schemaPath:"#/properties/counts/properties/invalid/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data19.truncated !== undefined){
let data24 = data19.truncated;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err66 = {instancePath:instancePath+"/counts/truncated",schemaPath:"#/properties/counts/properties/truncated/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
const err67 = {instancePath:instancePath+"/counts/truncated",schemaPath:"#/properties/counts/properties/truncated/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data19.agreeWithLog !== undefined){
let data25 = data19.agreeWithLog;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err68 = {instancePath:instancePath+"/counts/agreeWithLog",schemaPath:"#/properties/counts/properties/agreeWithLog/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 0 || isNaN(data25)){
const err69 = {instancePath:instancePath+"/counts/agreeWithLog",schemaPath:"#/properties/counts/properties/agreeWithLog/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err70 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data.skipped !== undefined){
let data26 = data.skipped;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err71 = {instancePath:instancePath+"/skipped",schemaPath:"#/properties/skipped/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 < 0 || isNaN(data26)){
const err72 = {instancePath:instancePath+"/skipped",schemaPath:"#/properties/skipped/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
}
else {
const err73 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
validate15.errors = vErrors;
return errors === 0;
}

export const bundle_foreign_log = validate16;
const schema25 = {"$id":"https://docket.invalid/schemas/foreign-log.schema.json","title":"foreign-log: the exact bytes of one log file another eval framework wrote (docs/import.md)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","format","name","size","sha256","encoding","content"],"properties":{"kind":{"const":"foreign-log"},"schemaVersion":{"const":1},"format":{"enum":["inspect-eval","inspect-json","lm-eval-samples","lm-eval-results","helm-run-spec","helm-scenario","helm-scenario-state","helm-per-instance-stats","helm-stats","eee-aggregate","eee-instances"]},"name":{"type":"string","minLength":1,"maxLength":1024},"size":{"type":"integer","minimum":0},"sha256":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"encoding":{"const":"base64"},"content":{"type":"string"}}};

function validate16(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/foreign-log.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.format === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "format"},message:"must have required property '"+"format"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.name === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.size === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.sha256 === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sha256"},message:"must have required property '"+"sha256"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.encoding === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "encoding"},message:"must have required property '"+"encoding"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.content === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "format")) || (key0 === "name")) || (key0 === "size")) || (key0 === "sha256")) || (key0 === "encoding")) || (key0 === "content"))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.kind !== undefined){
if("foreign-log" !== data.kind){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "foreign-log"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err10 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.format !== undefined){
let data2 = data.format;
if(!(((((((((((data2 === "inspect-eval") || (data2 === "inspect-json")) || (data2 === "lm-eval-samples")) || (data2 === "lm-eval-results")) || (data2 === "helm-run-spec")) || (data2 === "helm-scenario")) || (data2 === "helm-scenario-state")) || (data2 === "helm-per-instance-stats")) || (data2 === "helm-stats")) || (data2 === "eee-aggregate")) || (data2 === "eee-instances"))){
const err11 = {instancePath:instancePath+"/format",schemaPath:"#/properties/format/enum",keyword:"enum",params:{allowedValues: schema25.properties.format.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.name !== undefined){
let data3 = data.name;
if(typeof data3 === "string"){
if(func2(data3) > 1024){
const err12 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func2(data3) < 1){
const err13 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err14 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.size !== undefined){
let data4 = data.size;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err15 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err16 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.sha256 !== undefined){
let data5 = data.sha256;
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err17 = {instancePath:instancePath+"/sha256",schemaPath:"#/properties/sha256/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err18 = {instancePath:instancePath+"/sha256",schemaPath:"#/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.encoding !== undefined){
if("base64" !== data.encoding){
const err19 = {instancePath:instancePath+"/encoding",schemaPath:"#/properties/encoding/const",keyword:"const",params:{allowedValue: "base64"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.content !== undefined){
if(typeof data.content !== "string"){
const err20 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err21 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
validate16.errors = vErrors;
return errors === 0;
}

export const bundle_foreign_run = validate17;
const schema26 = {"$id":"https://docket.invalid/schemas/foreign-run.schema.json","title":"foreign-run: one run another eval framework logged, imported (docs/import.md)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","framework","importer","logs","header","extra","layout","samples"],"properties":{"kind":{"const":"foreign-run"},"schemaVersion":{"const":1},"framework":{"enum":["inspect_ai","lm-eval","helm","eee"]},"importer":{"const":"docket-import/1"},"logs":{"type":"array","minItems":1,"items":{"type":"object","additionalProperties":false,"required":["role","log"],"properties":{"role":{"type":"string","minLength":1},"log":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"foreign-log"}}}},"header":{"type":"object"},"extra":{"type":"object"},"layout":{"type":"object"},"samples":{"type":"array","items":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"foreign-sample"}}}};

function validate17(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/foreign-run.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.framework === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "framework"},message:"must have required property '"+"framework"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.importer === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "importer"},message:"must have required property '"+"importer"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.logs === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "logs"},message:"must have required property '"+"logs"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.header === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "header"},message:"must have required property '"+"header"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.extra === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "extra"},message:"must have required property '"+"extra"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.layout === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "layout"},message:"must have required property '"+"layout"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.samples === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "samples"},message:"must have required property '"+"samples"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema26.properties, key0))){
const err9 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.kind !== undefined){
if("foreign-run" !== data.kind){
const err10 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "foreign-run"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err11 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.framework !== undefined){
let data2 = data.framework;
if(!((((data2 === "inspect_ai") || (data2 === "lm-eval")) || (data2 === "helm")) || (data2 === "eee"))){
const err12 = {instancePath:instancePath+"/framework",schemaPath:"#/properties/framework/enum",keyword:"enum",params:{allowedValues: schema26.properties.framework.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.importer !== undefined){
if("docket-import/1" !== data.importer){
const err13 = {instancePath:instancePath+"/importer",schemaPath:"#/properties/importer/const",keyword:"const",params:{allowedValue: "docket-import/1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.logs !== undefined){
let data4 = data.logs;
if(Array.isArray(data4)){
if(data4.length < 1){
const err14 = {instancePath:instancePath+"/logs",schemaPath:"#/properties/logs/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.role === undefined){
const err15 = {instancePath:instancePath+"/logs/" + i0,schemaPath:"#/properties/logs/items/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data5.log === undefined){
const err16 = {instancePath:instancePath+"/logs/" + i0,schemaPath:"#/properties/logs/items/required",keyword:"required",params:{missingProperty: "log"},message:"must have required property '"+"log"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key1 in data5){
if(!((key1 === "role") || (key1 === "log"))){
const err17 = {instancePath:instancePath+"/logs/" + i0,schemaPath:"#/properties/logs/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data5.role !== undefined){
let data6 = data5.role;
if(typeof data6 === "string"){
if(func2(data6) < 1){
const err18 = {instancePath:instancePath+"/logs/" + i0+"/role",schemaPath:"#/properties/logs/items/properties/role/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err19 = {instancePath:instancePath+"/logs/" + i0+"/role",schemaPath:"#/properties/logs/items/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data5.log !== undefined){
let data7 = data5.log;
func5(instancePath+"/logs/" + i0+"/log", data7, "foreign-log");
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err20 = {instancePath:instancePath+"/logs/" + i0+"/log",schemaPath:"#/properties/logs/items/properties/log/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err21 = {instancePath:instancePath+"/logs/" + i0+"/log",schemaPath:"#/properties/logs/items/properties/log/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/logs/" + i0,schemaPath:"#/properties/logs/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/logs",schemaPath:"#/properties/logs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.header !== undefined){
let data8 = data.header;
if(!(data8 && typeof data8 == "object" && !Array.isArray(data8))){
const err24 = {instancePath:instancePath+"/header",schemaPath:"#/properties/header/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.extra !== undefined){
let data9 = data.extra;
if(!(data9 && typeof data9 == "object" && !Array.isArray(data9))){
const err25 = {instancePath:instancePath+"/extra",schemaPath:"#/properties/extra/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.layout !== undefined){
let data10 = data.layout;
if(!(data10 && typeof data10 == "object" && !Array.isArray(data10))){
const err26 = {instancePath:instancePath+"/layout",schemaPath:"#/properties/layout/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.samples !== undefined){
let data11 = data.samples;
if(Array.isArray(data11)){
const len1 = data11.length;
for(let i1=0; i1<len1; i1++){
let data12 = data11[i1];
func5(instancePath+"/samples/" + i1, data12, "foreign-sample");
if(typeof data12 === "string"){
if(!pattern0.test(data12)){
const err27 = {instancePath:instancePath+"/samples/" + i1,schemaPath:"#/properties/samples/items/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err28 = {instancePath:instancePath+"/samples/" + i1,schemaPath:"#/properties/samples/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err29 = {instancePath:instancePath+"/samples",schemaPath:"#/properties/samples/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
validate17.errors = vErrors;
return errors === 0;
}

export const bundle_foreign_sample = validate18;
const schema27 = {"$id":"https://docket.invalid/schemas/foreign-sample.schema.json","title":"foreign-sample: one sample of an imported log, the source's own field values (docs/import.md)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","framework","log","entry","key","sample"],"properties":{"kind":{"const":"foreign-sample"},"schemaVersion":{"const":1},"framework":{"enum":["inspect_ai","lm-eval","helm","eee"]},"log":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"foreign-log"},"entry":{"type":"string","minLength":1},"key":{"oneOf":[{"type":"object","additionalProperties":false,"required":["id","epoch"],"properties":{"id":{"oneOf":[{"type":"string"},{"type":"number"}]},"epoch":{"type":"integer","minimum":1}}},{"type":"object","additionalProperties":false,"required":["task","doc_id","filter"],"properties":{"task":{"type":"string","minLength":1},"doc_id":{"type":"integer"},"filter":{"type":"string"}}},{"type":"object","additionalProperties":false,"required":["instance","trial","reference","perturbation"],"properties":{"instance":{"type":"string"},"trial":{"type":"integer","minimum":0},"reference":{"type":["integer","null"]},"perturbation":{"type":["string","null"]}}},{"type":"object","additionalProperties":false,"required":["evaluation","sample_id","row"],"properties":{"evaluation":{"type":"string"},"sample_id":{"type":"string"},"row":{"type":"integer","minimum":1}}}]},"sample":{"type":"object"}}};

function validate18(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/foreign-sample.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.framework === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "framework"},message:"must have required property '"+"framework"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.log === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "log"},message:"must have required property '"+"log"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.entry === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entry"},message:"must have required property '"+"entry"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.key === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.sample === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sample"},message:"must have required property '"+"sample"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "framework")) || (key0 === "log")) || (key0 === "entry")) || (key0 === "key")) || (key0 === "sample"))){
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
if(data.kind !== undefined){
if("foreign-sample" !== data.kind){
const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "foreign-sample"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err9 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.framework !== undefined){
let data2 = data.framework;
if(!((((data2 === "inspect_ai") || (data2 === "lm-eval")) || (data2 === "helm")) || (data2 === "eee"))){
const err10 = {instancePath:instancePath+"/framework",schemaPath:"#/properties/framework/enum",keyword:"enum",params:{allowedValues: schema27.properties.framework.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.log !== undefined){
let data3 = data.log;
func5(instancePath+"/log", data3, "foreign-log");
if(typeof data3 === "string"){
if(!pattern0.test(data3)){
const err11 = {instancePath:instancePath+"/log",schemaPath:"#/properties/log/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err12 = {instancePath:instancePath+"/log",schemaPath:"#/properties/log/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.entry !== undefined){
let data4 = data.entry;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err13 = {instancePath:instancePath+"/entry",schemaPath:"#/properties/entry/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err14 = {instancePath:instancePath+"/entry",schemaPath:"#/properties/entry/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.key !== undefined){
let data5 = data.key;
const _errs10 = errors;
let valid1 = false;
let passing0 = null;
const _errs11 = errors;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.id === undefined){
const err15 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/0/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data5.epoch === undefined){
const err16 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/0/required",keyword:"required",params:{missingProperty: "epoch"},message:"must have required property '"+"epoch"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
for(const key1 in data5){
if(!((key1 === "id") || (key1 === "epoch"))){
const err17 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data5.id !== undefined){
let data6 = data5.id;
const _errs15 = errors;
let valid3 = false;
let passing1 = null;
const _errs16 = errors;
if(typeof data6 !== "string"){
const err18 = {instancePath:instancePath+"/key/id",schemaPath:"#/properties/key/oneOf/0/properties/id/oneOf/0/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid1 = _errs16 === errors;
if(_valid1){
valid3 = true;
passing1 = 0;
}
const _errs18 = errors;
if(!((typeof data6 == "number") && (isFinite(data6)))){
const err19 = {instancePath:instancePath+"/key/id",schemaPath:"#/properties/key/oneOf/0/properties/id/oneOf/1/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid1 = _errs18 === errors;
if(_valid1 && valid3){
valid3 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid3 = true;
passing1 = 1;
}
}
if(!valid3){
const err20 = {instancePath:instancePath+"/key/id",schemaPath:"#/properties/key/oneOf/0/properties/id/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs15;
if(vErrors !== null){
if(_errs15){
vErrors.length = _errs15;
}
else {
vErrors = null;
}
}
}
}
if(data5.epoch !== undefined){
let data7 = data5.epoch;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err21 = {instancePath:instancePath+"/key/epoch",schemaPath:"#/properties/key/oneOf/0/properties/epoch/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err22 = {instancePath:instancePath+"/key/epoch",schemaPath:"#/properties/key/oneOf/0/properties/epoch/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
}
else {
const err23 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid0 = _errs11 === errors;
if(_valid0){
valid1 = true;
passing0 = 0;
}
const _errs22 = errors;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.task === undefined){
const err24 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/1/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data5.doc_id === undefined){
const err25 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/1/required",keyword:"required",params:{missingProperty: "doc_id"},message:"must have required property '"+"doc_id"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if(data5.filter === undefined){
const err26 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/1/required",keyword:"required",params:{missingProperty: "filter"},message:"must have required property '"+"filter"+"'"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
for(const key2 in data5){
if(!(((key2 === "task") || (key2 === "doc_id")) || (key2 === "filter"))){
const err27 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data5.task !== undefined){
let data8 = data5.task;
if(typeof data8 === "string"){
if(func2(data8) < 1){
const err28 = {instancePath:instancePath+"/key/task",schemaPath:"#/properties/key/oneOf/1/properties/task/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err29 = {instancePath:instancePath+"/key/task",schemaPath:"#/properties/key/oneOf/1/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data5.doc_id !== undefined){
let data9 = data5.doc_id;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err30 = {instancePath:instancePath+"/key/doc_id",schemaPath:"#/properties/key/oneOf/1/properties/doc_id/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data5.filter !== undefined){
if(typeof data5.filter !== "string"){
const err31 = {instancePath:instancePath+"/key/filter",schemaPath:"#/properties/key/oneOf/1/properties/filter/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err32 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
var _valid0 = _errs22 === errors;
if(_valid0 && valid1){
valid1 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid1 = true;
passing0 = 1;
}
const _errs31 = errors;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.instance === undefined){
const err33 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/2/required",keyword:"required",params:{missingProperty: "instance"},message:"must have required property '"+"instance"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data5.trial === undefined){
const err34 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/2/required",keyword:"required",params:{missingProperty: "trial"},message:"must have required property '"+"trial"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data5.reference === undefined){
const err35 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/2/required",keyword:"required",params:{missingProperty: "reference"},message:"must have required property '"+"reference"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data5.perturbation === undefined){
const err36 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/2/required",keyword:"required",params:{missingProperty: "perturbation"},message:"must have required property '"+"perturbation"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
for(const key3 in data5){
if(!((((key3 === "instance") || (key3 === "trial")) || (key3 === "reference")) || (key3 === "perturbation"))){
const err37 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data5.instance !== undefined){
if(typeof data5.instance !== "string"){
const err38 = {instancePath:instancePath+"/key/instance",schemaPath:"#/properties/key/oneOf/2/properties/instance/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data5.trial !== undefined){
let data12 = data5.trial;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err39 = {instancePath:instancePath+"/key/trial",schemaPath:"#/properties/key/oneOf/2/properties/trial/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err40 = {instancePath:instancePath+"/key/trial",schemaPath:"#/properties/key/oneOf/2/properties/trial/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data5.reference !== undefined){
let data13 = data5.reference;
if((!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))) && (data13 !== null)){
const err41 = {instancePath:instancePath+"/key/reference",schemaPath:"#/properties/key/oneOf/2/properties/reference/type",keyword:"type",params:{type: schema27.properties.key.oneOf[2].properties.reference.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data5.perturbation !== undefined){
let data14 = data5.perturbation;
if((typeof data14 !== "string") && (data14 !== null)){
const err42 = {instancePath:instancePath+"/key/perturbation",schemaPath:"#/properties/key/oneOf/2/properties/perturbation/type",keyword:"type",params:{type: schema27.properties.key.oneOf[2].properties.perturbation.type},message:"must be string,null"};
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
else {
const err43 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
var _valid0 = _errs31 === errors;
if(_valid0 && valid1){
valid1 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid1 = true;
passing0 = 2;
}
const _errs42 = errors;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.evaluation === undefined){
const err44 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/3/required",keyword:"required",params:{missingProperty: "evaluation"},message:"must have required property '"+"evaluation"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if(data5.sample_id === undefined){
const err45 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/3/required",keyword:"required",params:{missingProperty: "sample_id"},message:"must have required property '"+"sample_id"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data5.row === undefined){
const err46 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/3/required",keyword:"required",params:{missingProperty: "row"},message:"must have required property '"+"row"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key4 in data5){
if(!(((key4 === "evaluation") || (key4 === "sample_id")) || (key4 === "row"))){
const err47 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/3/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data5.evaluation !== undefined){
if(typeof data5.evaluation !== "string"){
const err48 = {instancePath:instancePath+"/key/evaluation",schemaPath:"#/properties/key/oneOf/3/properties/evaluation/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data5.sample_id !== undefined){
if(typeof data5.sample_id !== "string"){
const err49 = {instancePath:instancePath+"/key/sample_id",schemaPath:"#/properties/key/oneOf/3/properties/sample_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data5.row !== undefined){
let data17 = data5.row;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err50 = {instancePath:instancePath+"/key/row",schemaPath:"#/properties/key/oneOf/3/properties/row/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 1 || isNaN(data17)){
const err51 = {instancePath:instancePath+"/key/row",schemaPath:"#/properties/key/oneOf/3/properties/row/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
}
else {
const err52 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf/3/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
var _valid0 = _errs42 === errors;
if(_valid0 && valid1){
valid1 = false;
passing0 = [passing0, 3];
}
else {
if(_valid0){
valid1 = true;
passing0 = 3;
}
}
}
}
if(!valid1){
const err53 = {instancePath:instancePath+"/key",schemaPath:"#/properties/key/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
else {
errors = _errs10;
if(vErrors !== null){
if(_errs10){
vErrors.length = _errs10;
}
else {
vErrors = null;
}
}
}
}
if(data.sample !== undefined){
let data18 = data.sample;
if(!(data18 && typeof data18 == "object" && !Array.isArray(data18))){
const err54 = {instancePath:instancePath+"/sample",schemaPath:"#/properties/sample/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err55 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
validate18.errors = vErrors;
return errors === 0;
}

export const bundle_grade = validate19;
const schema28 = {"$id":"https://docket.invalid/schemas/grade.schema.json","title":"grade: one grading of a sealed run's stored outputs by one grader — a verdict per journal attempt (inline, or in grade-segment bundles for large runs), linked to the run's previous grade","type":"object","additionalProperties":false,"required":["kind","schemaVersion","run","runId","grader","previous","gradedAt","verdicts","segments","counts","warnings"],"$defs":{"letter":{"enum":["A","B","C","D",null]},"count":{"type":"integer","minimum":0},"verdict":{"type":"object","additionalProperties":false,"required":["question","permutation","repetition","attempt","seq","inputHash","verdict","shown","chosen"],"properties":{"question":{"type":"string","minLength":1},"permutation":{"type":"integer","minimum":0},"repetition":{"type":"integer","minimum":0},"attempt":{"type":"integer","minimum":0},"seq":{"type":"integer","minimum":0},"inputHash":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"shown":{"$ref":"#/$defs/letter"},"chosen":{"$ref":"#/$defs/letter"},"score":{"type":["number","null"],"minimum":0,"maximum":1,"description":"tasks only: the slot score (null: did not answer)"},"parts":{"type":"array","items":{"$ref":"#/$defs/part"},"description":"tasks only: each grader's part"}}},"part":{"type":"object","additionalProperties":false,"required":["grader","weight","verdict","score"],"properties":{"grader":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"weight":{"type":"number","minimum":0},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"score":{"type":["number","null"],"minimum":0,"maximum":1},"outcome":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"evidence":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"exec-result"},"judge":{"description":"a judge's part: the judge run and attempt whose reply its verdict rule read","type":"object","additionalProperties":false,"required":["run","seq"],"properties":{"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"},"seq":{"type":"integer","minimum":0}}},"criteria":{"description":"a judge's part under a per-criterion verdict rule: each criterion's score (null: not found in the reply), in the rule's order","type":"array","items":{"type":"object","additionalProperties":false,"required":["name","score"],"properties":{"name":{"type":"string","minLength":1},"score":{"type":["number","null"],"minimum":0,"maximum":1}}}}}}},"properties":{"kind":{"const":"grade"},"schemaVersion":{"const":1},"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"},"runId":{"type":"string","pattern":"^[a-z0-9][a-z0-9._-]{0,63}$"},"grader":{"type":"object","additionalProperties":false,"required":["ref","id","version","digest"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"bundle":{"description":"the archived grader bundle holding this grader's source (every record written since #18; older records have none)","type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"grader"}}},"taskGraders":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["ref","id","version","digest"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"bundle":{"description":"the archived grader bundle holding this grader's source (every record written since #18; older records have none)","type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"grader"}}},"description":"the graders of the run's tasks (present only when it has task slots)"},"previous":{"type":["string","null"],"pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"grade"},"gradedAt":{"type":"string","minLength":1},"verdicts":{"type":"array","items":{"$ref":"#/$defs/verdict"}},"segments":{"type":"array","items":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"grade-segment"}},"counts":{"type":"object","additionalProperties":false,"required":["attempts","slots","correct","incorrect","invalid","truncated","provider_failure","interrupted"],"properties":{"attempts":{"$ref":"#/$defs/count"},"slots":{"$ref":"#/$defs/count"},"correct":{"$ref":"#/$defs/count"},"incorrect":{"$ref":"#/$defs/count"},"invalid":{"$ref":"#/$defs/count"},"truncated":{"$ref":"#/$defs/count"},"provider_failure":{"$ref":"#/$defs/count"},"interrupted":{"$ref":"#/$defs/count"},"partial":{"$ref":"#/$defs/count"}}},"warnings":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["code","seq","message"],"properties":{"code":{"type":"string","pattern":"^W[A-Z]+$"},"seq":{"type":["integer","null"],"minimum":0},"message":{"type":"string","minLength":1}}}},"current":{"description":"false: made by a grader other than the bank's current one (regrade --grader), kept in the run's chain but not its current grade; absent: current","const":false},"setCurrent":{"description":"regrade --set-current made this grade current although its grader is not the bank's current one","const":true},"judges":{"description":"the judge graders of the run's judge-graded tasks, each with the judge runs whose replies it read (present only when a task is judge-graded)","type":"array","items":{"type":"object","additionalProperties":false,"required":["ref","id","version","digest","bundle","model","runs"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"bundle":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"judge-grader"},"model":{"type":"string","minLength":1},"runs":{"type":"array","items":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"}}}}}}};
const schema33 = {"type":"integer","minimum":0};
const pattern30 = func6("^[a-z0-9][a-z0-9._-]{0,63}$", "u");
const pattern46 = func6("^W[A-Z]+$", "u");
const schema29 = {"type":"object","additionalProperties":false,"required":["question","permutation","repetition","attempt","seq","inputHash","verdict","shown","chosen"],"properties":{"question":{"type":"string","minLength":1},"permutation":{"type":"integer","minimum":0},"repetition":{"type":"integer","minimum":0},"attempt":{"type":"integer","minimum":0},"seq":{"type":"integer","minimum":0},"inputHash":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"shown":{"$ref":"#/$defs/letter"},"chosen":{"$ref":"#/$defs/letter"},"score":{"type":["number","null"],"minimum":0,"maximum":1,"description":"tasks only: the slot score (null: did not answer)"},"parts":{"type":"array","items":{"$ref":"#/$defs/part"},"description":"tasks only: each grader's part"}}};
const schema30 = {"enum":["A","B","C","D",null]};
const schema32 = {"type":"object","additionalProperties":false,"required":["grader","weight","verdict","score"],"properties":{"grader":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"weight":{"type":"number","minimum":0},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"score":{"type":["number","null"],"minimum":0,"maximum":1},"outcome":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"evidence":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"exec-result"},"judge":{"description":"a judge's part: the judge run and attempt whose reply its verdict rule read","type":"object","additionalProperties":false,"required":["run","seq"],"properties":{"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"},"seq":{"type":"integer","minimum":0}}},"criteria":{"description":"a judge's part under a per-criterion verdict rule: each criterion's score (null: not found in the reply), in the rule's order","type":"array","items":{"type":"object","additionalProperties":false,"required":["name","score"],"properties":{"name":{"type":"string","minLength":1},"score":{"type":["number","null"],"minimum":0,"maximum":1}}}}}};

function validate20(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.question === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "question"},message:"must have required property '"+"question"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.permutation === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "permutation"},message:"must have required property '"+"permutation"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.repetition === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repetition"},message:"must have required property '"+"repetition"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.attempt === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempt"},message:"must have required property '"+"attempt"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.seq === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.inputHash === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "inputHash"},message:"must have required property '"+"inputHash"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.verdict === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.shown === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "shown"},message:"must have required property '"+"shown"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.chosen === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "chosen"},message:"must have required property '"+"chosen"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema29.properties, key0))){
const err9 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.question !== undefined){
let data0 = data.question;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err10 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.permutation !== undefined){
let data1 = data.permutation;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/permutation",schemaPath:"#/properties/permutation/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err13 = {instancePath:instancePath+"/permutation",schemaPath:"#/properties/permutation/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.repetition !== undefined){
let data2 = data.repetition;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err14 = {instancePath:instancePath+"/repetition",schemaPath:"#/properties/repetition/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err15 = {instancePath:instancePath+"/repetition",schemaPath:"#/properties/repetition/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.attempt !== undefined){
let data3 = data.attempt;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err16 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err17 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.seq !== undefined){
let data4 = data.seq;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err18 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err19 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.inputHash !== undefined){
let data5 = data.inputHash;
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err20 = {instancePath:instancePath+"/inputHash",schemaPath:"#/properties/inputHash/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err21 = {instancePath:instancePath+"/inputHash",schemaPath:"#/properties/inputHash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.verdict !== undefined){
let data6 = data.verdict;
if(!(((((((data6 === "correct") || (data6 === "incorrect")) || (data6 === "invalid")) || (data6 === "truncated")) || (data6 === "provider_failure")) || (data6 === "interrupted")) || (data6 === "partial"))){
const err22 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/enum",keyword:"enum",params:{allowedValues: schema29.properties.verdict.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.shown !== undefined){
let data7 = data.shown;
if(!(((((data7 === "A") || (data7 === "B")) || (data7 === "C")) || (data7 === "D")) || (data7 === null))){
const err23 = {instancePath:instancePath+"/shown",schemaPath:"#/$defs/letter/enum",keyword:"enum",params:{allowedValues: schema30.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.chosen !== undefined){
let data8 = data.chosen;
if(!(((((data8 === "A") || (data8 === "B")) || (data8 === "C")) || (data8 === "D")) || (data8 === null))){
const err24 = {instancePath:instancePath+"/chosen",schemaPath:"#/$defs/letter/enum",keyword:"enum",params:{allowedValues: schema30.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.score !== undefined){
let data9 = data.score;
if((!((typeof data9 == "number") && (isFinite(data9)))) && (data9 !== null)){
const err25 = {instancePath:instancePath+"/score",schemaPath:"#/properties/score/type",keyword:"type",params:{type: schema29.properties.score.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 1 || isNaN(data9)){
const err26 = {instancePath:instancePath+"/score",schemaPath:"#/properties/score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data9 < 0 || isNaN(data9)){
const err27 = {instancePath:instancePath+"/score",schemaPath:"#/properties/score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.parts !== undefined){
let data10 = data.parts;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.grader === undefined){
const err28 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data11.weight === undefined){
const err29 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "weight"},message:"must have required property '"+"weight"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data11.verdict === undefined){
const err30 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data11.score === undefined){
const err31 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "score"},message:"must have required property '"+"score"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key1 in data11){
if(!((((((((key1 === "grader") || (key1 === "weight")) || (key1 === "verdict")) || (key1 === "score")) || (key1 === "outcome")) || (key1 === "evidence")) || (key1 === "judge")) || (key1 === "criteria"))){
const err32 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data11.grader !== undefined){
let data12 = data11.grader;
if(typeof data12 === "string"){
if(!pattern19.test(data12)){
const err33 = {instancePath:instancePath+"/parts/" + i0+"/grader",schemaPath:"#/$defs/part/properties/grader/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
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
const err34 = {instancePath:instancePath+"/parts/" + i0+"/grader",schemaPath:"#/$defs/part/properties/grader/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data11.weight !== undefined){
let data13 = data11.weight;
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err35 = {instancePath:instancePath+"/parts/" + i0+"/weight",schemaPath:"#/$defs/part/properties/weight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err36 = {instancePath:instancePath+"/parts/" + i0+"/weight",schemaPath:"#/$defs/part/properties/weight/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data11.verdict !== undefined){
let data14 = data11.verdict;
if(!(((((((data14 === "correct") || (data14 === "incorrect")) || (data14 === "invalid")) || (data14 === "truncated")) || (data14 === "provider_failure")) || (data14 === "interrupted")) || (data14 === "partial"))){
const err37 = {instancePath:instancePath+"/parts/" + i0+"/verdict",schemaPath:"#/$defs/part/properties/verdict/enum",keyword:"enum",params:{allowedValues: schema32.properties.verdict.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data11.score !== undefined){
let data15 = data11.score;
if((!((typeof data15 == "number") && (isFinite(data15)))) && (data15 !== null)){
const err38 = {instancePath:instancePath+"/parts/" + i0+"/score",schemaPath:"#/$defs/part/properties/score/type",keyword:"type",params:{type: schema32.properties.score.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 > 1 || isNaN(data15)){
const err39 = {instancePath:instancePath+"/parts/" + i0+"/score",schemaPath:"#/$defs/part/properties/score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data15 < 0 || isNaN(data15)){
const err40 = {instancePath:instancePath+"/parts/" + i0+"/score",schemaPath:"#/$defs/part/properties/score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data11.outcome !== undefined){
let data16 = data11.outcome;
if(typeof data16 === "string"){
if(!pattern0.test(data16)){
const err41 = {instancePath:instancePath+"/parts/" + i0+"/outcome",schemaPath:"#/$defs/part/properties/outcome/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/parts/" + i0+"/outcome",schemaPath:"#/$defs/part/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data11.evidence !== undefined){
let data17 = data11.evidence;
func5(instancePath+"/parts/" + i0+"/evidence", data17, "exec-result");
if(typeof data17 === "string"){
if(!pattern0.test(data17)){
const err43 = {instancePath:instancePath+"/parts/" + i0+"/evidence",schemaPath:"#/$defs/part/properties/evidence/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err44 = {instancePath:instancePath+"/parts/" + i0+"/evidence",schemaPath:"#/$defs/part/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data11.judge !== undefined){
let data18 = data11.judge;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.run === undefined){
const err45 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data18.seq === undefined){
const err46 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key2 in data18){
if(!((key2 === "run") || (key2 === "seq"))){
const err47 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data18.run !== undefined){
let data19 = data18.run;
func5(instancePath+"/parts/" + i0+"/judge/run", data19, "run");
if(typeof data19 === "string"){
if(!pattern0.test(data19)){
const err48 = {instancePath:instancePath+"/parts/" + i0+"/judge/run",schemaPath:"#/$defs/part/properties/judge/properties/run/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err49 = {instancePath:instancePath+"/parts/" + i0+"/judge/run",schemaPath:"#/$defs/part/properties/judge/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data18.seq !== undefined){
let data20 = data18.seq;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err50 = {instancePath:instancePath+"/parts/" + i0+"/judge/seq",schemaPath:"#/$defs/part/properties/judge/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err51 = {instancePath:instancePath+"/parts/" + i0+"/judge/seq",schemaPath:"#/$defs/part/properties/judge/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
}
else {
const err52 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data11.criteria !== undefined){
let data21 = data11.criteria;
if(Array.isArray(data21)){
const len1 = data21.length;
for(let i1=0; i1<len1; i1++){
let data22 = data21[i1];
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.name === undefined){
const err53 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data22.score === undefined){
const err54 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/required",keyword:"required",params:{missingProperty: "score"},message:"must have required property '"+"score"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
for(const key3 in data22){
if(!((key3 === "name") || (key3 === "score"))){
const err55 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data22.name !== undefined){
let data23 = data22.name;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err56 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/name",schemaPath:"#/$defs/part/properties/criteria/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/name",schemaPath:"#/$defs/part/properties/criteria/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data22.score !== undefined){
let data24 = data22.score;
if((!((typeof data24 == "number") && (isFinite(data24)))) && (data24 !== null)){
const err58 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/score",schemaPath:"#/$defs/part/properties/criteria/items/properties/score/type",keyword:"type",params:{type: schema32.properties.criteria.items.properties.score.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 > 1 || isNaN(data24)){
const err59 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/score",schemaPath:"#/$defs/part/properties/criteria/items/properties/score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data24 < 0 || isNaN(data24)){
const err60 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/score",schemaPath:"#/$defs/part/properties/criteria/items/properties/score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err61 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/parts/" + i0+"/criteria",schemaPath:"#/$defs/part/properties/criteria/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err63 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err64 = {instancePath:instancePath+"/parts",schemaPath:"#/properties/parts/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
else {
const err65 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
validate20.errors = vErrors;
return errors === 0;
}


function validate19(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/grade.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.run === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.runId === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "runId"},message:"must have required property '"+"runId"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.grader === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.previous === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "previous"},message:"must have required property '"+"previous"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.gradedAt === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "gradedAt"},message:"must have required property '"+"gradedAt"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.verdicts === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdicts"},message:"must have required property '"+"verdicts"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.segments === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "segments"},message:"must have required property '"+"segments"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.counts === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "counts"},message:"must have required property '"+"counts"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.warnings === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "warnings"},message:"must have required property '"+"warnings"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema28.properties, key0))){
const err11 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.kind !== undefined){
if("grade" !== data.kind){
const err12 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "grade"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err13 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.run !== undefined){
let data2 = data.run;
func5(instancePath+"/run", data2, "run");
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err14 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err15 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.runId !== undefined){
let data3 = data.runId;
if(typeof data3 === "string"){
if(!pattern30.test(data3)){
const err16 = {instancePath:instancePath+"/runId",schemaPath:"#/properties/runId/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9._-]{0,63}$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9._-]{0,63}$"+"\""};
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
const err17 = {instancePath:instancePath+"/runId",schemaPath:"#/properties/runId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.grader !== undefined){
let data4 = data.grader;
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.ref === undefined){
const err18 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data4.id === undefined){
const err19 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data4.version === undefined){
const err20 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data4.digest === undefined){
const err21 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key1 in data4){
if(!(((((key1 === "ref") || (key1 === "id")) || (key1 === "version")) || (key1 === "digest")) || (key1 === "bundle"))){
const err22 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data4.ref !== undefined){
let data5 = data4.ref;
if(typeof data5 === "string"){
if(!pattern19.test(data5)){
const err23 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data4.id !== undefined){
let data6 = data4.id;
if(typeof data6 === "string"){
if(!pattern20.test(data6)){
const err25 = {instancePath:instancePath+"/grader/id",schemaPath:"#/properties/grader/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
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
const err26 = {instancePath:instancePath+"/grader/id",schemaPath:"#/properties/grader/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data4.version !== undefined){
let data7 = data4.version;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err27 = {instancePath:instancePath+"/grader/version",schemaPath:"#/properties/grader/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err28 = {instancePath:instancePath+"/grader/version",schemaPath:"#/properties/grader/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data4.digest !== undefined){
let data8 = data4.digest;
if(typeof data8 === "string"){
if(!pattern0.test(data8)){
const err29 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err30 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data4.bundle !== undefined){
let data9 = data4.bundle;
func5(instancePath+"/grader/bundle", data9, "grader");
if(typeof data9 === "string"){
if(!pattern0.test(data9)){
const err31 = {instancePath:instancePath+"/grader/bundle",schemaPath:"#/properties/grader/properties/bundle/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err32 = {instancePath:instancePath+"/grader/bundle",schemaPath:"#/properties/grader/properties/bundle/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err33 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.taskGraders !== undefined){
let data10 = data.taskGraders;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.ref === undefined){
const err34 = {instancePath:instancePath+"/taskGraders/" + i0,schemaPath:"#/properties/taskGraders/items/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data11.id === undefined){
const err35 = {instancePath:instancePath+"/taskGraders/" + i0,schemaPath:"#/properties/taskGraders/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data11.version === undefined){
const err36 = {instancePath:instancePath+"/taskGraders/" + i0,schemaPath:"#/properties/taskGraders/items/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data11.digest === undefined){
const err37 = {instancePath:instancePath+"/taskGraders/" + i0,schemaPath:"#/properties/taskGraders/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
for(const key2 in data11){
if(!(((((key2 === "ref") || (key2 === "id")) || (key2 === "version")) || (key2 === "digest")) || (key2 === "bundle"))){
const err38 = {instancePath:instancePath+"/taskGraders/" + i0,schemaPath:"#/properties/taskGraders/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data11.ref !== undefined){
let data12 = data11.ref;
if(typeof data12 === "string"){
if(!pattern19.test(data12)){
const err39 = {instancePath:instancePath+"/taskGraders/" + i0+"/ref",schemaPath:"#/properties/taskGraders/items/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/taskGraders/" + i0+"/ref",schemaPath:"#/properties/taskGraders/items/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data11.id !== undefined){
let data13 = data11.id;
if(typeof data13 === "string"){
if(!pattern20.test(data13)){
const err41 = {instancePath:instancePath+"/taskGraders/" + i0+"/id",schemaPath:"#/properties/taskGraders/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/taskGraders/" + i0+"/id",schemaPath:"#/properties/taskGraders/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data11.version !== undefined){
let data14 = data11.version;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err43 = {instancePath:instancePath+"/taskGraders/" + i0+"/version",schemaPath:"#/properties/taskGraders/items/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 1 || isNaN(data14)){
const err44 = {instancePath:instancePath+"/taskGraders/" + i0+"/version",schemaPath:"#/properties/taskGraders/items/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data11.digest !== undefined){
let data15 = data11.digest;
if(typeof data15 === "string"){
if(!pattern0.test(data15)){
const err45 = {instancePath:instancePath+"/taskGraders/" + i0+"/digest",schemaPath:"#/properties/taskGraders/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/taskGraders/" + i0+"/digest",schemaPath:"#/properties/taskGraders/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data11.bundle !== undefined){
let data16 = data11.bundle;
func5(instancePath+"/taskGraders/" + i0+"/bundle", data16, "grader");
if(typeof data16 === "string"){
if(!pattern0.test(data16)){
const err47 = {instancePath:instancePath+"/taskGraders/" + i0+"/bundle",schemaPath:"#/properties/taskGraders/items/properties/bundle/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err48 = {instancePath:instancePath+"/taskGraders/" + i0+"/bundle",schemaPath:"#/properties/taskGraders/items/properties/bundle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/taskGraders/" + i0,schemaPath:"#/properties/taskGraders/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err50 = {instancePath:instancePath+"/taskGraders",schemaPath:"#/properties/taskGraders/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.previous !== undefined){
let data17 = data.previous;
if((typeof data17 !== "string") && (data17 !== null)){
const err51 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/type",keyword:"type",params:{type: schema28.properties.previous.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
func5(instancePath+"/previous", data17, "grade");
if(typeof data17 === "string"){
if(!pattern0.test(data17)){
const err52 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
if(data.gradedAt !== undefined){
let data18 = data.gradedAt;
if(typeof data18 === "string"){
if(func2(data18) < 1){
const err53 = {instancePath:instancePath+"/gradedAt",schemaPath:"#/properties/gradedAt/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/gradedAt",schemaPath:"#/properties/gradedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.verdicts !== undefined){
let data19 = data.verdicts;
if(Array.isArray(data19)){
const len1 = data19.length;
for(let i1=0; i1<len1; i1++){
if(!(validate20(data19[i1], {instancePath:instancePath+"/verdicts/" + i1,parentData:data19,parentDataProperty:i1,rootData}))){
vErrors = vErrors === null ? validate20.errors : vErrors.concat(validate20.errors);
errors = vErrors.length;
}
}
}
else {
const err55 = {instancePath:instancePath+"/verdicts",schemaPath:"#/properties/verdicts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data.segments !== undefined){
let data21 = data.segments;
if(Array.isArray(data21)){
const len2 = data21.length;
for(let i2=0; i2<len2; i2++){
let data22 = data21[i2];
func5(instancePath+"/segments/" + i2, data22, "grade-segment");
if(typeof data22 === "string"){
if(!pattern0.test(data22)){
const err56 = {instancePath:instancePath+"/segments/" + i2,schemaPath:"#/properties/segments/items/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/segments/" + i2,schemaPath:"#/properties/segments/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
else {
const err58 = {instancePath:instancePath+"/segments",schemaPath:"#/properties/segments/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.counts !== undefined){
let data23 = data.counts;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
if(data23.attempts === undefined){
const err59 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "attempts"},message:"must have required property '"+"attempts"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data23.slots === undefined){
const err60 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "slots"},message:"must have required property '"+"slots"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data23.correct === undefined){
const err61 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "correct"},message:"must have required property '"+"correct"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data23.incorrect === undefined){
const err62 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "incorrect"},message:"must have required property '"+"incorrect"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data23.invalid === undefined){
const err63 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "invalid"},message:"must have required property '"+"invalid"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(data23.truncated === undefined){
const err64 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(data23.provider_failure === undefined){
const err65 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "provider_failure"},message:"must have required property '"+"provider_failure"+"'"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data23.interrupted === undefined){
const err66 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "interrupted"},message:"must have required property '"+"interrupted"+"'"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
for(const key3 in data23){
if(!(func10.call(schema28.properties.counts.properties, key3))){
const err67 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data23.attempts !== undefined){
let data24 = data23.attempts;
if(!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))){
const err68 = {instancePath:instancePath+"/counts/attempts",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 0 || isNaN(data24)){
const err69 = {instancePath:instancePath+"/counts/attempts",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data23.slots !== undefined){
let data25 = data23.slots;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err70 = {instancePath:instancePath+"/counts/slots",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 0 || isNaN(data25)){
const err71 = {instancePath:instancePath+"/counts/slots",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
if(data23.correct !== undefined){
let data26 = data23.correct;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err72 = {instancePath:instancePath+"/counts/correct",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 < 0 || isNaN(data26)){
const err73 = {instancePath:instancePath+"/counts/correct",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
if(data23.incorrect !== undefined){
let data27 = data23.incorrect;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err74 = {instancePath:instancePath+"/counts/incorrect",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 < 0 || isNaN(data27)){
const err75 = {instancePath:instancePath+"/counts/incorrect",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data23.invalid !== undefined){
let data28 = data23.invalid;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err76 = {instancePath:instancePath+"/counts/invalid",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 0 || isNaN(data28)){
const err77 = {instancePath:instancePath+"/counts/invalid",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data23.truncated !== undefined){
let data29 = data23.truncated;
if(!(((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29))) && (isFinite(data29)))){
const err78 = {instancePath:instancePath+"/counts/truncated",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
if((typeof data29 == "number") && (isFinite(data29))){
if(data29 < 0 || isNaN(data29)){
const err79 = {instancePath:instancePath+"/counts/truncated",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data23.provider_failure !== undefined){
let data30 = data23.provider_failure;
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
const err80 = {instancePath:instancePath+"/counts/provider_failure",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 < 0 || isNaN(data30)){
const err81 = {instancePath:instancePath+"/counts/provider_failure",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
if(data23.interrupted !== undefined){
let data31 = data23.interrupted;
if(!(((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31))) && (isFinite(data31)))){
const err82 = {instancePath:instancePath+"/counts/interrupted",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err83 = {instancePath:instancePath+"/counts/interrupted",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
if(data23.partial !== undefined){
let data32 = data23.partial;
if(!(((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32))) && (isFinite(data32)))){
const err84 = {instancePath:instancePath+"/counts/partial",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 < 0 || isNaN(data32)){
const err85 = {instancePath:instancePath+"/counts/partial",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
}
}
else {
const err86 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
if(data.warnings !== undefined){
let data33 = data.warnings;
if(Array.isArray(data33)){
const len3 = data33.length;
for(let i3=0; i3<len3; i3++){
let data34 = data33[i3];
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
if(data34.code === undefined){
const err87 = {instancePath:instancePath+"/warnings/" + i3,schemaPath:"#/properties/warnings/items/required",keyword:"required",params:{missingProperty: "code"},message:"must have required property '"+"code"+"'"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
if(data34.seq === undefined){
const err88 = {instancePath:instancePath+"/warnings/" + i3,schemaPath:"#/properties/warnings/items/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
if(data34.message === undefined){
const err89 = {instancePath:instancePath+"/warnings/" + i3,schemaPath:"#/properties/warnings/items/required",keyword:"required",params:{missingProperty: "message"},message:"must have required property '"+"message"+"'"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
for(const key4 in data34){
if(!(((key4 === "code") || (key4 === "seq")) || (key4 === "message"))){
const err90 = {instancePath:instancePath+"/warnings/" + i3,schemaPath:"#/properties/warnings/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data34.code !== undefined){
let data35 = data34.code;
if(typeof data35 === "string"){
if(!pattern46.test(data35)){
const err91 = {instancePath:instancePath+"/warnings/" + i3+"/code",schemaPath:"#/properties/warnings/items/properties/code/pattern",keyword:"pattern",params:{pattern: "^W[A-Z]+$"},message:"must match pattern \""+"^W[A-Z]+$"+"\""};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
else {
const err92 = {instancePath:instancePath+"/warnings/" + i3+"/code",schemaPath:"#/properties/warnings/items/properties/code/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data34.seq !== undefined){
let data36 = data34.seq;
if((!(((typeof data36 == "number") && (!(data36 % 1) && !isNaN(data36))) && (isFinite(data36)))) && (data36 !== null)){
const err93 = {instancePath:instancePath+"/warnings/" + i3+"/seq",schemaPath:"#/properties/warnings/items/properties/seq/type",keyword:"type",params:{type: schema28.properties.warnings.items.properties.seq.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if((typeof data36 == "number") && (isFinite(data36))){
if(data36 < 0 || isNaN(data36)){
const err94 = {instancePath:instancePath+"/warnings/" + i3+"/seq",schemaPath:"#/properties/warnings/items/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data34.message !== undefined){
let data37 = data34.message;
if(typeof data37 === "string"){
if(func2(data37) < 1){
const err95 = {instancePath:instancePath+"/warnings/" + i3+"/message",schemaPath:"#/properties/warnings/items/properties/message/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
else {
const err96 = {instancePath:instancePath+"/warnings/" + i3+"/message",schemaPath:"#/properties/warnings/items/properties/message/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
}
else {
const err97 = {instancePath:instancePath+"/warnings/" + i3,schemaPath:"#/properties/warnings/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err98 = {instancePath:instancePath+"/warnings",schemaPath:"#/properties/warnings/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data.current !== undefined){
if(false !== data.current){
const err99 = {instancePath:instancePath+"/current",schemaPath:"#/properties/current/const",keyword:"const",params:{allowedValue: false},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
}
if(data.setCurrent !== undefined){
if(true !== data.setCurrent){
const err100 = {instancePath:instancePath+"/setCurrent",schemaPath:"#/properties/setCurrent/const",keyword:"const",params:{allowedValue: true},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data.judges !== undefined){
let data40 = data.judges;
if(Array.isArray(data40)){
const len4 = data40.length;
for(let i4=0; i4<len4; i4++){
let data41 = data40[i4];
if(data41 && typeof data41 == "object" && !Array.isArray(data41)){
if(data41.ref === undefined){
const err101 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
if(data41.id === undefined){
const err102 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
if(data41.version === undefined){
const err103 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err103];
}
else {
vErrors.push(err103);
}
errors++;
}
if(data41.digest === undefined){
const err104 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
if(data41.bundle === undefined){
const err105 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/required",keyword:"required",params:{missingProperty: "bundle"},message:"must have required property '"+"bundle"+"'"};
if(vErrors === null){
vErrors = [err105];
}
else {
vErrors.push(err105);
}
errors++;
}
if(data41.model === undefined){
const err106 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
if(data41.runs === undefined){
const err107 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/required",keyword:"required",params:{missingProperty: "runs"},message:"must have required property '"+"runs"+"'"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
for(const key5 in data41){
if(!(((((((key5 === "ref") || (key5 === "id")) || (key5 === "version")) || (key5 === "digest")) || (key5 === "bundle")) || (key5 === "model")) || (key5 === "runs"))){
const err108 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
if(data41.ref !== undefined){
let data42 = data41.ref;
if(typeof data42 === "string"){
if(!pattern19.test(data42)){
const err109 = {instancePath:instancePath+"/judges/" + i4+"/ref",schemaPath:"#/properties/judges/items/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
else {
const err110 = {instancePath:instancePath+"/judges/" + i4+"/ref",schemaPath:"#/properties/judges/items/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
}
if(data41.id !== undefined){
let data43 = data41.id;
if(typeof data43 === "string"){
if(!pattern20.test(data43)){
const err111 = {instancePath:instancePath+"/judges/" + i4+"/id",schemaPath:"#/properties/judges/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err111];
}
else {
vErrors.push(err111);
}
errors++;
}
}
else {
const err112 = {instancePath:instancePath+"/judges/" + i4+"/id",schemaPath:"#/properties/judges/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
if(data41.version !== undefined){
let data44 = data41.version;
if(!(((typeof data44 == "number") && (!(data44 % 1) && !isNaN(data44))) && (isFinite(data44)))){
const err113 = {instancePath:instancePath+"/judges/" + i4+"/version",schemaPath:"#/properties/judges/items/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
if((typeof data44 == "number") && (isFinite(data44))){
if(data44 < 1 || isNaN(data44)){
const err114 = {instancePath:instancePath+"/judges/" + i4+"/version",schemaPath:"#/properties/judges/items/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
}
if(data41.digest !== undefined){
let data45 = data41.digest;
if(typeof data45 === "string"){
if(!pattern0.test(data45)){
const err115 = {instancePath:instancePath+"/judges/" + i4+"/digest",schemaPath:"#/properties/judges/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err116 = {instancePath:instancePath+"/judges/" + i4+"/digest",schemaPath:"#/properties/judges/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
}
if(data41.bundle !== undefined){
let data46 = data41.bundle;
func5(instancePath+"/judges/" + i4+"/bundle", data46, "judge-grader");
if(typeof data46 === "string"){
if(!pattern0.test(data46)){
const err117 = {instancePath:instancePath+"/judges/" + i4+"/bundle",schemaPath:"#/properties/judges/items/properties/bundle/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err118 = {instancePath:instancePath+"/judges/" + i4+"/bundle",schemaPath:"#/properties/judges/items/properties/bundle/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
if(data41.model !== undefined){
let data47 = data41.model;
if(typeof data47 === "string"){
if(func2(data47) < 1){
const err119 = {instancePath:instancePath+"/judges/" + i4+"/model",schemaPath:"#/properties/judges/items/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
}
else {
const err120 = {instancePath:instancePath+"/judges/" + i4+"/model",schemaPath:"#/properties/judges/items/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
if(data41.runs !== undefined){
let data48 = data41.runs;
if(Array.isArray(data48)){
const len5 = data48.length;
for(let i5=0; i5<len5; i5++){
let data49 = data48[i5];
func5(instancePath+"/judges/" + i4+"/runs/" + i5, data49, "run");
if(typeof data49 === "string"){
if(!pattern0.test(data49)){
const err121 = {instancePath:instancePath+"/judges/" + i4+"/runs/" + i5,schemaPath:"#/properties/judges/items/properties/runs/items/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err122 = {instancePath:instancePath+"/judges/" + i4+"/runs/" + i5,schemaPath:"#/properties/judges/items/properties/runs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err123 = {instancePath:instancePath+"/judges/" + i4+"/runs",schemaPath:"#/properties/judges/items/properties/runs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
}
else {
const err124 = {instancePath:instancePath+"/judges/" + i4,schemaPath:"#/properties/judges/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
}
}
else {
const err125 = {instancePath:instancePath+"/judges",schemaPath:"#/properties/judges/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
}
else {
const err126 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
validate19.errors = vErrors;
return errors === 0;
}

export const bundle_grade_segment = validate22;
const schema42 = {"$id":"https://docket.invalid/schemas/grade-segment.schema.json","title":"grade-segment: the verdicts of up to 2000 consecutive journal attempts of one run, for grades too large to hold them inline","type":"object","additionalProperties":false,"required":["kind","schemaVersion","run","first","verdicts"],"$defs":{"letter":{"enum":["A","B","C","D",null]},"verdict":{"type":"object","additionalProperties":false,"required":["question","permutation","repetition","attempt","seq","inputHash","verdict","shown","chosen"],"properties":{"question":{"type":"string","minLength":1},"permutation":{"type":"integer","minimum":0},"repetition":{"type":"integer","minimum":0},"attempt":{"type":"integer","minimum":0},"seq":{"type":"integer","minimum":0},"inputHash":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"shown":{"$ref":"#/$defs/letter"},"chosen":{"$ref":"#/$defs/letter"},"score":{"type":["number","null"],"minimum":0,"maximum":1,"description":"tasks only: the slot score (null: did not answer)"},"parts":{"type":"array","items":{"$ref":"#/$defs/part"},"description":"tasks only: each grader's part"}}},"part":{"type":"object","additionalProperties":false,"required":["grader","weight","verdict","score"],"properties":{"grader":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"weight":{"type":"number","minimum":0},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"score":{"type":["number","null"],"minimum":0,"maximum":1},"outcome":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"evidence":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"exec-result"},"judge":{"description":"a judge's part: the judge run and attempt whose reply its verdict rule read","type":"object","additionalProperties":false,"required":["run","seq"],"properties":{"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"},"seq":{"type":"integer","minimum":0}}},"criteria":{"description":"a judge's part under a per-criterion verdict rule: each criterion's score (null: not found in the reply), in the rule's order","type":"array","items":{"type":"object","additionalProperties":false,"required":["name","score"],"properties":{"name":{"type":"string","minLength":1},"score":{"type":["number","null"],"minimum":0,"maximum":1}}}}}}},"properties":{"kind":{"const":"grade-segment"},"schemaVersion":{"const":1},"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"},"first":{"type":"integer","minimum":0},"verdicts":{"type":"array","maxItems":2000,"items":{"$ref":"#/$defs/verdict"}}}};
const schema43 = {"type":"object","additionalProperties":false,"required":["question","permutation","repetition","attempt","seq","inputHash","verdict","shown","chosen"],"properties":{"question":{"type":"string","minLength":1},"permutation":{"type":"integer","minimum":0},"repetition":{"type":"integer","minimum":0},"attempt":{"type":"integer","minimum":0},"seq":{"type":"integer","minimum":0},"inputHash":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"shown":{"$ref":"#/$defs/letter"},"chosen":{"$ref":"#/$defs/letter"},"score":{"type":["number","null"],"minimum":0,"maximum":1,"description":"tasks only: the slot score (null: did not answer)"},"parts":{"type":"array","items":{"$ref":"#/$defs/part"},"description":"tasks only: each grader's part"}}};
const schema44 = {"enum":["A","B","C","D",null]};
const schema46 = {"type":"object","additionalProperties":false,"required":["grader","weight","verdict","score"],"properties":{"grader":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"weight":{"type":"number","minimum":0},"verdict":{"enum":["correct","incorrect","invalid","truncated","provider_failure","interrupted","partial"]},"score":{"type":["number","null"],"minimum":0,"maximum":1},"outcome":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"evidence":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"exec-result"},"judge":{"description":"a judge's part: the judge run and attempt whose reply its verdict rule read","type":"object","additionalProperties":false,"required":["run","seq"],"properties":{"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"},"seq":{"type":"integer","minimum":0}}},"criteria":{"description":"a judge's part under a per-criterion verdict rule: each criterion's score (null: not found in the reply), in the rule's order","type":"array","items":{"type":"object","additionalProperties":false,"required":["name","score"],"properties":{"name":{"type":"string","minLength":1},"score":{"type":["number","null"],"minimum":0,"maximum":1}}}}}};

function validate23(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.question === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "question"},message:"must have required property '"+"question"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.permutation === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "permutation"},message:"must have required property '"+"permutation"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.repetition === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repetition"},message:"must have required property '"+"repetition"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.attempt === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempt"},message:"must have required property '"+"attempt"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.seq === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.inputHash === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "inputHash"},message:"must have required property '"+"inputHash"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.verdict === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.shown === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "shown"},message:"must have required property '"+"shown"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.chosen === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "chosen"},message:"must have required property '"+"chosen"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema43.properties, key0))){
const err9 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.question !== undefined){
let data0 = data.question;
if(typeof data0 === "string"){
if(func2(data0) < 1){
const err10 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.permutation !== undefined){
let data1 = data.permutation;
if(!(((typeof data1 == "number") && (!(data1 % 1) && !isNaN(data1))) && (isFinite(data1)))){
const err12 = {instancePath:instancePath+"/permutation",schemaPath:"#/properties/permutation/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data1 == "number") && (isFinite(data1))){
if(data1 < 0 || isNaN(data1)){
const err13 = {instancePath:instancePath+"/permutation",schemaPath:"#/properties/permutation/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.repetition !== undefined){
let data2 = data.repetition;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err14 = {instancePath:instancePath+"/repetition",schemaPath:"#/properties/repetition/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err15 = {instancePath:instancePath+"/repetition",schemaPath:"#/properties/repetition/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.attempt !== undefined){
let data3 = data.attempt;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err16 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err17 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.seq !== undefined){
let data4 = data.seq;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err18 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err19 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.inputHash !== undefined){
let data5 = data.inputHash;
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err20 = {instancePath:instancePath+"/inputHash",schemaPath:"#/properties/inputHash/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err21 = {instancePath:instancePath+"/inputHash",schemaPath:"#/properties/inputHash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.verdict !== undefined){
let data6 = data.verdict;
if(!(((((((data6 === "correct") || (data6 === "incorrect")) || (data6 === "invalid")) || (data6 === "truncated")) || (data6 === "provider_failure")) || (data6 === "interrupted")) || (data6 === "partial"))){
const err22 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/enum",keyword:"enum",params:{allowedValues: schema43.properties.verdict.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.shown !== undefined){
let data7 = data.shown;
if(!(((((data7 === "A") || (data7 === "B")) || (data7 === "C")) || (data7 === "D")) || (data7 === null))){
const err23 = {instancePath:instancePath+"/shown",schemaPath:"#/$defs/letter/enum",keyword:"enum",params:{allowedValues: schema44.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.chosen !== undefined){
let data8 = data.chosen;
if(!(((((data8 === "A") || (data8 === "B")) || (data8 === "C")) || (data8 === "D")) || (data8 === null))){
const err24 = {instancePath:instancePath+"/chosen",schemaPath:"#/$defs/letter/enum",keyword:"enum",params:{allowedValues: schema44.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.score !== undefined){
let data9 = data.score;
if((!((typeof data9 == "number") && (isFinite(data9)))) && (data9 !== null)){
const err25 = {instancePath:instancePath+"/score",schemaPath:"#/properties/score/type",keyword:"type",params:{type: schema43.properties.score.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 > 1 || isNaN(data9)){
const err26 = {instancePath:instancePath+"/score",schemaPath:"#/properties/score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data9 < 0 || isNaN(data9)){
const err27 = {instancePath:instancePath+"/score",schemaPath:"#/properties/score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.parts !== undefined){
let data10 = data.parts;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.grader === undefined){
const err28 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(data11.weight === undefined){
const err29 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "weight"},message:"must have required property '"+"weight"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data11.verdict === undefined){
const err30 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if(data11.score === undefined){
const err31 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/required",keyword:"required",params:{missingProperty: "score"},message:"must have required property '"+"score"+"'"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
for(const key1 in data11){
if(!((((((((key1 === "grader") || (key1 === "weight")) || (key1 === "verdict")) || (key1 === "score")) || (key1 === "outcome")) || (key1 === "evidence")) || (key1 === "judge")) || (key1 === "criteria"))){
const err32 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data11.grader !== undefined){
let data12 = data11.grader;
if(typeof data12 === "string"){
if(!pattern19.test(data12)){
const err33 = {instancePath:instancePath+"/parts/" + i0+"/grader",schemaPath:"#/$defs/part/properties/grader/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
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
const err34 = {instancePath:instancePath+"/parts/" + i0+"/grader",schemaPath:"#/$defs/part/properties/grader/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data11.weight !== undefined){
let data13 = data11.weight;
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err35 = {instancePath:instancePath+"/parts/" + i0+"/weight",schemaPath:"#/$defs/part/properties/weight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err36 = {instancePath:instancePath+"/parts/" + i0+"/weight",schemaPath:"#/$defs/part/properties/weight/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data11.verdict !== undefined){
let data14 = data11.verdict;
if(!(((((((data14 === "correct") || (data14 === "incorrect")) || (data14 === "invalid")) || (data14 === "truncated")) || (data14 === "provider_failure")) || (data14 === "interrupted")) || (data14 === "partial"))){
const err37 = {instancePath:instancePath+"/parts/" + i0+"/verdict",schemaPath:"#/$defs/part/properties/verdict/enum",keyword:"enum",params:{allowedValues: schema46.properties.verdict.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data11.score !== undefined){
let data15 = data11.score;
if((!((typeof data15 == "number") && (isFinite(data15)))) && (data15 !== null)){
const err38 = {instancePath:instancePath+"/parts/" + i0+"/score",schemaPath:"#/$defs/part/properties/score/type",keyword:"type",params:{type: schema46.properties.score.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 > 1 || isNaN(data15)){
const err39 = {instancePath:instancePath+"/parts/" + i0+"/score",schemaPath:"#/$defs/part/properties/score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data15 < 0 || isNaN(data15)){
const err40 = {instancePath:instancePath+"/parts/" + i0+"/score",schemaPath:"#/$defs/part/properties/score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data11.outcome !== undefined){
let data16 = data11.outcome;
if(typeof data16 === "string"){
if(!pattern0.test(data16)){
const err41 = {instancePath:instancePath+"/parts/" + i0+"/outcome",schemaPath:"#/$defs/part/properties/outcome/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/parts/" + i0+"/outcome",schemaPath:"#/$defs/part/properties/outcome/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data11.evidence !== undefined){
let data17 = data11.evidence;
func5(instancePath+"/parts/" + i0+"/evidence", data17, "exec-result");
if(typeof data17 === "string"){
if(!pattern0.test(data17)){
const err43 = {instancePath:instancePath+"/parts/" + i0+"/evidence",schemaPath:"#/$defs/part/properties/evidence/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err44 = {instancePath:instancePath+"/parts/" + i0+"/evidence",schemaPath:"#/$defs/part/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data11.judge !== undefined){
let data18 = data11.judge;
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.run === undefined){
const err45 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if(data18.seq === undefined){
const err46 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
for(const key2 in data18){
if(!((key2 === "run") || (key2 === "seq"))){
const err47 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data18.run !== undefined){
let data19 = data18.run;
func5(instancePath+"/parts/" + i0+"/judge/run", data19, "run");
if(typeof data19 === "string"){
if(!pattern0.test(data19)){
const err48 = {instancePath:instancePath+"/parts/" + i0+"/judge/run",schemaPath:"#/$defs/part/properties/judge/properties/run/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err49 = {instancePath:instancePath+"/parts/" + i0+"/judge/run",schemaPath:"#/$defs/part/properties/judge/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data18.seq !== undefined){
let data20 = data18.seq;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err50 = {instancePath:instancePath+"/parts/" + i0+"/judge/seq",schemaPath:"#/$defs/part/properties/judge/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err51 = {instancePath:instancePath+"/parts/" + i0+"/judge/seq",schemaPath:"#/$defs/part/properties/judge/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
}
else {
const err52 = {instancePath:instancePath+"/parts/" + i0+"/judge",schemaPath:"#/$defs/part/properties/judge/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data11.criteria !== undefined){
let data21 = data11.criteria;
if(Array.isArray(data21)){
const len1 = data21.length;
for(let i1=0; i1<len1; i1++){
let data22 = data21[i1];
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.name === undefined){
const err53 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data22.score === undefined){
const err54 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/required",keyword:"required",params:{missingProperty: "score"},message:"must have required property '"+"score"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
for(const key3 in data22){
if(!((key3 === "name") || (key3 === "score"))){
const err55 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
if(data22.name !== undefined){
let data23 = data22.name;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err56 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/name",schemaPath:"#/$defs/part/properties/criteria/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
else {
const err57 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/name",schemaPath:"#/$defs/part/properties/criteria/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data22.score !== undefined){
let data24 = data22.score;
if((!((typeof data24 == "number") && (isFinite(data24)))) && (data24 !== null)){
const err58 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/score",schemaPath:"#/$defs/part/properties/criteria/items/properties/score/type",keyword:"type",params:{type: schema46.properties.criteria.items.properties.score.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 > 1 || isNaN(data24)){
const err59 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/score",schemaPath:"#/$defs/part/properties/criteria/items/properties/score/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data24 < 0 || isNaN(data24)){
const err60 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1+"/score",schemaPath:"#/$defs/part/properties/criteria/items/properties/score/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err61 = {instancePath:instancePath+"/parts/" + i0+"/criteria/" + i1,schemaPath:"#/$defs/part/properties/criteria/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/parts/" + i0+"/criteria",schemaPath:"#/$defs/part/properties/criteria/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err63 = {instancePath:instancePath+"/parts/" + i0,schemaPath:"#/$defs/part/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err64 = {instancePath:instancePath+"/parts",schemaPath:"#/properties/parts/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
else {
const err65 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
validate23.errors = vErrors;
return errors === 0;
}


function validate22(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/grade-segment.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.run === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.first === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "first"},message:"must have required property '"+"first"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.verdicts === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdicts"},message:"must have required property '"+"verdicts"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "run")) || (key0 === "first")) || (key0 === "verdicts"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.kind !== undefined){
if("grade-segment" !== data.kind){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "grade-segment"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err7 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.run !== undefined){
let data2 = data.run;
func5(instancePath+"/run", data2, "run");
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err8 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err9 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.first !== undefined){
let data3 = data.first;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err10 = {instancePath:instancePath+"/first",schemaPath:"#/properties/first/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err11 = {instancePath:instancePath+"/first",schemaPath:"#/properties/first/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.verdicts !== undefined){
let data4 = data.verdicts;
if(Array.isArray(data4)){
if(data4.length > 2000){
const err12 = {instancePath:instancePath+"/verdicts",schemaPath:"#/properties/verdicts/maxItems",keyword:"maxItems",params:{limit: 2000},message:"must NOT have more than 2000 items"};
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
if(!(validate23(data4[i0], {instancePath:instancePath+"/verdicts/" + i0,parentData:data4,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate23.errors : vErrors.concat(validate23.errors);
errors = vErrors.length;
}
}
}
else {
const err13 = {instancePath:instancePath+"/verdicts",schemaPath:"#/properties/verdicts/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
validate22.errors = vErrors;
return errors === 0;
}

export const bundle_grader = validate25;
const schema47 = {"$id":"https://docket.invalid/schemas/grader.schema.json","title":"grader: an archived grader — its identity and the exact source text of its grading code by logical module name, run offline by docket's grader sandbox (docs/design.md §10)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","id","version","config","description","digest","runtime","source"],"properties":{"kind":{"const":"grader"},"schemaVersion":{"const":1},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"config":{"type":"object"},"description":{"type":"string"},"digest":{"description":"the grader's identity: sha256 of the RFC 8785 bytes of {id, version, config, source}","type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"runtime":{"description":"the execution contract the source is written for","const":"docket-grader/1"},"source":{"description":"logical module name ([a-z][a-z0-9-]*) → exact text (UTF-8, LF); the entry module is \"grader\"; a module imports another as ./<name>.ts","type":"object","required":["grader"],"properties":{"grader":{"type":"string"}},"additionalProperties":{"type":"string"}}}};

function validate25(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/grader.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.config === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "config"},message:"must have required property '"+"config"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.description === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.digest === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.runtime === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "runtime"},message:"must have required property '"+"runtime"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.source === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema47.properties, key0))){
const err9 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.kind !== undefined){
if("grader" !== data.kind){
const err10 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "grader"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err11 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.id !== undefined){
let data2 = data.id;
if(typeof data2 === "string"){
if(!pattern20.test(data2)){
const err12 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
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
const err13 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.version !== undefined){
let data3 = data.version;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err14 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err15 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.config !== undefined){
let data4 = data.config;
if(!(data4 && typeof data4 == "object" && !Array.isArray(data4))){
const err16 = {instancePath:instancePath+"/config",schemaPath:"#/properties/config/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err17 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.digest !== undefined){
let data6 = data.digest;
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err18 = {instancePath:instancePath+"/digest",schemaPath:"#/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err19 = {instancePath:instancePath+"/digest",schemaPath:"#/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.runtime !== undefined){
if("docket-grader/1" !== data.runtime){
const err20 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/const",keyword:"const",params:{allowedValue: "docket-grader/1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.source !== undefined){
let data8 = data.source;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.grader === undefined){
const err21 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key1 in data8){
if(!(key1 === "grader")){
if(typeof data8[key1] !== "string"){
const err22 = {instancePath:instancePath+"/source/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/source/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
if(data8.grader !== undefined){
if(typeof data8.grader !== "string"){
const err23 = {instancePath:instancePath+"/source/grader",schemaPath:"#/properties/source/properties/grader/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err25 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
validate25.errors = vErrors;
return errors === 0;
}

export const bundle_grader_test = validate26;
const schema48 = {"$id":"https://docket.invalid/schemas/grader-test.schema.json","title":"grader-test: one run of a suite grader over its regression matrix (its case file), every case's input and verdict, linked to the grader's archived bundle (docs/design.md §10)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","grader","cases","counts","ok","results"],"$defs":{"letter":{"enum":["A","B","C","D",null]},"verdict":{"enum":["correct","incorrect","invalid","truncated"]},"count":{"type":"integer","minimum":0}},"properties":{"kind":{"const":"grader-test"},"schemaVersion":{"const":1},"grader":{"type":"object","additionalProperties":false,"required":["ref","id","version","digest","bundle"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"bundle":{"description":"the archived grader bundle the cases ran","type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"grader"}}},"cases":{"type":"object","additionalProperties":false,"required":["file","digest"],"properties":{"file":{"description":"the case file, relative to the bank root","type":"string","minLength":1},"digest":{"description":"sha256 of its text (UTF-8, BOM dropped, CRLF → LF)","type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}},"counts":{"type":"object","additionalProperties":false,"required":["cases","passed","failed","valid","invalid"],"properties":{"cases":{"$ref":"#/$defs/count"},"passed":{"$ref":"#/$defs/count"},"failed":{"$ref":"#/$defs/count"},"valid":{"$ref":"#/$defs/count"},"invalid":{"$ref":"#/$defs/count"}}},"ok":{"description":"every case passed","type":"boolean"},"results":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["line","side","note","reply","finishReason","question","key","options","permutation","expect","verdict","shown","chosen","pass"],"properties":{"line":{"type":"integer","minimum":1},"side":{"enum":["valid","invalid"]},"note":{"type":["string","null"]},"reply":{"type":["string","null"]},"finishReason":{"type":["string","null"]},"question":{"description":"the bank question the case names, or null (key and options given inline)","type":["string","null"]},"key":{"enum":["A","B","C","D"]},"options":{"type":"array","minItems":4,"maxItems":4,"items":{"type":"string"}},"permutation":{"type":"array","minItems":4,"maxItems":4,"items":{"type":"integer","minimum":0,"maximum":3}},"expect":{"$ref":"#/$defs/verdict"},"verdict":{"$ref":"#/$defs/verdict"},"shown":{"$ref":"#/$defs/letter"},"chosen":{"$ref":"#/$defs/letter"},"pass":{"type":"boolean"}}}}}};
const schema49 = {"type":"integer","minimum":0};
const schema54 = {"enum":["correct","incorrect","invalid","truncated"]};
const schema56 = {"enum":["A","B","C","D",null]};

function validate26(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/grader-test.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.grader === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.cases === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cases"},message:"must have required property '"+"cases"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.counts === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "counts"},message:"must have required property '"+"counts"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.ok === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ok"},message:"must have required property '"+"ok"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.results === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "results"},message:"must have required property '"+"results"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "grader")) || (key0 === "cases")) || (key0 === "counts")) || (key0 === "ok")) || (key0 === "results"))){
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
if(data.kind !== undefined){
if("grader-test" !== data.kind){
const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "grader-test"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err9 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.grader !== undefined){
let data2 = data.grader;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.ref === undefined){
const err10 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data2.id === undefined){
const err11 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data2.version === undefined){
const err12 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2.digest === undefined){
const err13 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data2.bundle === undefined){
const err14 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "bundle"},message:"must have required property '"+"bundle"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key1 in data2){
if(!(((((key1 === "ref") || (key1 === "id")) || (key1 === "version")) || (key1 === "digest")) || (key1 === "bundle"))){
const err15 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data2.ref !== undefined){
let data3 = data2.ref;
if(typeof data3 === "string"){
if(!pattern19.test(data3)){
const err16 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
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
const err17 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data2.id !== undefined){
let data4 = data2.id;
if(typeof data4 === "string"){
if(!pattern20.test(data4)){
const err18 = {instancePath:instancePath+"/grader/id",schemaPath:"#/properties/grader/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
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
const err19 = {instancePath:instancePath+"/grader/id",schemaPath:"#/properties/grader/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data2.version !== undefined){
let data5 = data2.version;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err20 = {instancePath:instancePath+"/grader/version",schemaPath:"#/properties/grader/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 1 || isNaN(data5)){
const err21 = {instancePath:instancePath+"/grader/version",schemaPath:"#/properties/grader/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data2.digest !== undefined){
let data6 = data2.digest;
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err22 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err23 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data2.bundle !== undefined){
let data7 = data2.bundle;
func5(instancePath+"/grader/bundle", data7, "grader");
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err24 = {instancePath:instancePath+"/grader/bundle",schemaPath:"#/properties/grader/properties/bundle/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err25 = {instancePath:instancePath+"/grader/bundle",schemaPath:"#/properties/grader/properties/bundle/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err26 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.cases !== undefined){
let data8 = data.cases;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.file === undefined){
const err27 = {instancePath:instancePath+"/cases",schemaPath:"#/properties/cases/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data8.digest === undefined){
const err28 = {instancePath:instancePath+"/cases",schemaPath:"#/properties/cases/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
for(const key2 in data8){
if(!((key2 === "file") || (key2 === "digest"))){
const err29 = {instancePath:instancePath+"/cases",schemaPath:"#/properties/cases/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data8.file !== undefined){
let data9 = data8.file;
if(typeof data9 === "string"){
if(func2(data9) < 1){
const err30 = {instancePath:instancePath+"/cases/file",schemaPath:"#/properties/cases/properties/file/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err31 = {instancePath:instancePath+"/cases/file",schemaPath:"#/properties/cases/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data8.digest !== undefined){
let data10 = data8.digest;
if(typeof data10 === "string"){
if(!pattern0.test(data10)){
const err32 = {instancePath:instancePath+"/cases/digest",schemaPath:"#/properties/cases/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err33 = {instancePath:instancePath+"/cases/digest",schemaPath:"#/properties/cases/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath:instancePath+"/cases",schemaPath:"#/properties/cases/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.counts !== undefined){
let data11 = data.counts;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.cases === undefined){
const err35 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "cases"},message:"must have required property '"+"cases"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data11.passed === undefined){
const err36 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "passed"},message:"must have required property '"+"passed"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data11.failed === undefined){
const err37 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "failed"},message:"must have required property '"+"failed"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data11.valid === undefined){
const err38 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "valid"},message:"must have required property '"+"valid"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data11.invalid === undefined){
const err39 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/required",keyword:"required",params:{missingProperty: "invalid"},message:"must have required property '"+"invalid"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
for(const key3 in data11){
if(!(((((key3 === "cases") || (key3 === "passed")) || (key3 === "failed")) || (key3 === "valid")) || (key3 === "invalid"))){
const err40 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data11.cases !== undefined){
let data12 = data11.cases;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err41 = {instancePath:instancePath+"/counts/cases",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 0 || isNaN(data12)){
const err42 = {instancePath:instancePath+"/counts/cases",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data11.passed !== undefined){
let data13 = data11.passed;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err43 = {instancePath:instancePath+"/counts/passed",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err44 = {instancePath:instancePath+"/counts/passed",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data11.failed !== undefined){
let data14 = data11.failed;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err45 = {instancePath:instancePath+"/counts/failed",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
const err46 = {instancePath:instancePath+"/counts/failed",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data11.valid !== undefined){
let data15 = data11.valid;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err47 = {instancePath:instancePath+"/counts/valid",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err48 = {instancePath:instancePath+"/counts/valid",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
if(data11.invalid !== undefined){
let data16 = data11.invalid;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err49 = {instancePath:instancePath+"/counts/invalid",schemaPath:"#/$defs/count/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err50 = {instancePath:instancePath+"/counts/invalid",schemaPath:"#/$defs/count/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err51 = {instancePath:instancePath+"/counts",schemaPath:"#/properties/counts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.ok !== undefined){
if(typeof data.ok !== "boolean"){
const err52 = {instancePath:instancePath+"/ok",schemaPath:"#/properties/ok/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.results !== undefined){
let data18 = data.results;
if(Array.isArray(data18)){
const len0 = data18.length;
for(let i0=0; i0<len0; i0++){
let data19 = data18[i0];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.line === undefined){
const err53 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
if(data19.side === undefined){
const err54 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "side"},message:"must have required property '"+"side"+"'"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if(data19.note === undefined){
const err55 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "note"},message:"must have required property '"+"note"+"'"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
if(data19.reply === undefined){
const err56 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "reply"},message:"must have required property '"+"reply"+"'"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
if(data19.finishReason === undefined){
const err57 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "finishReason"},message:"must have required property '"+"finishReason"+"'"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(data19.question === undefined){
const err58 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "question"},message:"must have required property '"+"question"+"'"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
if(data19.key === undefined){
const err59 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if(data19.options === undefined){
const err60 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "options"},message:"must have required property '"+"options"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data19.permutation === undefined){
const err61 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "permutation"},message:"must have required property '"+"permutation"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data19.expect === undefined){
const err62 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "expect"},message:"must have required property '"+"expect"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data19.verdict === undefined){
const err63 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(data19.shown === undefined){
const err64 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "shown"},message:"must have required property '"+"shown"+"'"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(data19.chosen === undefined){
const err65 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "chosen"},message:"must have required property '"+"chosen"+"'"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
if(data19.pass === undefined){
const err66 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/required",keyword:"required",params:{missingProperty: "pass"},message:"must have required property '"+"pass"+"'"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
for(const key4 in data19){
if(!(func10.call(schema48.properties.results.items.properties, key4))){
const err67 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data19.line !== undefined){
let data20 = data19.line;
if(!(((typeof data20 == "number") && (!(data20 % 1) && !isNaN(data20))) && (isFinite(data20)))){
const err68 = {instancePath:instancePath+"/results/" + i0+"/line",schemaPath:"#/properties/results/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 1 || isNaN(data20)){
const err69 = {instancePath:instancePath+"/results/" + i0+"/line",schemaPath:"#/properties/results/items/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data19.side !== undefined){
let data21 = data19.side;
if(!((data21 === "valid") || (data21 === "invalid"))){
const err70 = {instancePath:instancePath+"/results/" + i0+"/side",schemaPath:"#/properties/results/items/properties/side/enum",keyword:"enum",params:{allowedValues: schema48.properties.results.items.properties.side.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data19.note !== undefined){
let data22 = data19.note;
if((typeof data22 !== "string") && (data22 !== null)){
const err71 = {instancePath:instancePath+"/results/" + i0+"/note",schemaPath:"#/properties/results/items/properties/note/type",keyword:"type",params:{type: schema48.properties.results.items.properties.note.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data19.reply !== undefined){
let data23 = data19.reply;
if((typeof data23 !== "string") && (data23 !== null)){
const err72 = {instancePath:instancePath+"/results/" + i0+"/reply",schemaPath:"#/properties/results/items/properties/reply/type",keyword:"type",params:{type: schema48.properties.results.items.properties.reply.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
if(data19.finishReason !== undefined){
let data24 = data19.finishReason;
if((typeof data24 !== "string") && (data24 !== null)){
const err73 = {instancePath:instancePath+"/results/" + i0+"/finishReason",schemaPath:"#/properties/results/items/properties/finishReason/type",keyword:"type",params:{type: schema48.properties.results.items.properties.finishReason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data19.question !== undefined){
let data25 = data19.question;
if((typeof data25 !== "string") && (data25 !== null)){
const err74 = {instancePath:instancePath+"/results/" + i0+"/question",schemaPath:"#/properties/results/items/properties/question/type",keyword:"type",params:{type: schema48.properties.results.items.properties.question.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
if(data19.key !== undefined){
let data26 = data19.key;
if(!((((data26 === "A") || (data26 === "B")) || (data26 === "C")) || (data26 === "D"))){
const err75 = {instancePath:instancePath+"/results/" + i0+"/key",schemaPath:"#/properties/results/items/properties/key/enum",keyword:"enum",params:{allowedValues: schema48.properties.results.items.properties.key.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data19.options !== undefined){
let data27 = data19.options;
if(Array.isArray(data27)){
if(data27.length > 4){
const err76 = {instancePath:instancePath+"/results/" + i0+"/options",schemaPath:"#/properties/results/items/properties/options/maxItems",keyword:"maxItems",params:{limit: 4},message:"must NOT have more than 4 items"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
if(data27.length < 4){
const err77 = {instancePath:instancePath+"/results/" + i0+"/options",schemaPath:"#/properties/results/items/properties/options/minItems",keyword:"minItems",params:{limit: 4},message:"must NOT have fewer than 4 items"};
if(vErrors === null){
vErrors = [err77];
}
else {
vErrors.push(err77);
}
errors++;
}
const len1 = data27.length;
for(let i1=0; i1<len1; i1++){
if(typeof data27[i1] !== "string"){
const err78 = {instancePath:instancePath+"/results/" + i0+"/options/" + i1,schemaPath:"#/properties/results/items/properties/options/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err79 = {instancePath:instancePath+"/results/" + i0+"/options",schemaPath:"#/properties/results/items/properties/options/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
}
if(data19.permutation !== undefined){
let data29 = data19.permutation;
if(Array.isArray(data29)){
if(data29.length > 4){
const err80 = {instancePath:instancePath+"/results/" + i0+"/permutation",schemaPath:"#/properties/results/items/properties/permutation/maxItems",keyword:"maxItems",params:{limit: 4},message:"must NOT have more than 4 items"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(data29.length < 4){
const err81 = {instancePath:instancePath+"/results/" + i0+"/permutation",schemaPath:"#/properties/results/items/properties/permutation/minItems",keyword:"minItems",params:{limit: 4},message:"must NOT have fewer than 4 items"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
const len2 = data29.length;
for(let i2=0; i2<len2; i2++){
let data30 = data29[i2];
if(!(((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30))) && (isFinite(data30)))){
const err82 = {instancePath:instancePath+"/results/" + i0+"/permutation/" + i2,schemaPath:"#/properties/results/items/properties/permutation/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
if((typeof data30 == "number") && (isFinite(data30))){
if(data30 > 3 || isNaN(data30)){
const err83 = {instancePath:instancePath+"/results/" + i0+"/permutation/" + i2,schemaPath:"#/properties/results/items/properties/permutation/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3},message:"must be <= 3"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(data30 < 0 || isNaN(data30)){
const err84 = {instancePath:instancePath+"/results/" + i0+"/permutation/" + i2,schemaPath:"#/properties/results/items/properties/permutation/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
}
}
else {
const err85 = {instancePath:instancePath+"/results/" + i0+"/permutation",schemaPath:"#/properties/results/items/properties/permutation/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data19.expect !== undefined){
let data31 = data19.expect;
if(!((((data31 === "correct") || (data31 === "incorrect")) || (data31 === "invalid")) || (data31 === "truncated"))){
const err86 = {instancePath:instancePath+"/results/" + i0+"/expect",schemaPath:"#/$defs/verdict/enum",keyword:"enum",params:{allowedValues: schema54.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
}
if(data19.verdict !== undefined){
let data32 = data19.verdict;
if(!((((data32 === "correct") || (data32 === "incorrect")) || (data32 === "invalid")) || (data32 === "truncated"))){
const err87 = {instancePath:instancePath+"/results/" + i0+"/verdict",schemaPath:"#/$defs/verdict/enum",keyword:"enum",params:{allowedValues: schema54.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data19.shown !== undefined){
let data33 = data19.shown;
if(!(((((data33 === "A") || (data33 === "B")) || (data33 === "C")) || (data33 === "D")) || (data33 === null))){
const err88 = {instancePath:instancePath+"/results/" + i0+"/shown",schemaPath:"#/$defs/letter/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
if(data19.chosen !== undefined){
let data34 = data19.chosen;
if(!(((((data34 === "A") || (data34 === "B")) || (data34 === "C")) || (data34 === "D")) || (data34 === null))){
const err89 = {instancePath:instancePath+"/results/" + i0+"/chosen",schemaPath:"#/$defs/letter/enum",keyword:"enum",params:{allowedValues: schema56.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
if(data19.pass !== undefined){
if(typeof data19.pass !== "boolean"){
const err90 = {instancePath:instancePath+"/results/" + i0+"/pass",schemaPath:"#/properties/results/items/properties/pass/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
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
else {
const err91 = {instancePath:instancePath+"/results/" + i0,schemaPath:"#/properties/results/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err92 = {instancePath:instancePath+"/results",schemaPath:"#/properties/results/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
else {
const err93 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
validate26.errors = vErrors;
return errors === 0;
}

export const bundle_judge_grader = validate27;
const schema58 = {"$id":"https://docket.invalid/schemas/judge-grader.schema.json","title":"judge-grader: a judge grader (docket-judge/1): its rubric text, judge model, request settings and verdict rule, whose digest is the grader's identity","type":"object","additionalProperties":false,"required":["kind","schemaVersion","id","version","digest","runtime","model","params","verdict","rubric"],"properties":{"kind":{"const":"judge-grader"},"schemaVersion":{"const":1},"id":{"type":"string","pattern":"^[a-z][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"runtime":{"const":"docket-judge/1"},"model":{"type":"string","minLength":1},"endpoint":{"type":"string","minLength":1,"description":"the judge endpoint (public form), when the suite pins it: part of the identity; judge runs go nowhere else"},"params":{"type":"object","additionalProperties":false,"required":["temperature","max_tokens"],"properties":{"temperature":{"type":"number","minimum":0},"max_tokens":{"type":"integer","minimum":1},"seed":{"type":"integer"},"top_p":{"type":"number","minimum":0,"maximum":1}}},"verdict":{"type":"object","additionalProperties":false,"properties":{"pattern":{"type":"string","minLength":1,"description":"a regular expression; its first group is the score (out of scale) or the pass/fail word (or, instead, criteria and combine)"},"flags":{"type":"string","pattern":"^[imsu]*$"},"scale":{"type":"number","minimum":0},"pass":{"type":"string","minLength":1},"criteria":{"type":"array","minItems":1,"description":"per criterion: each read from the same reply by its own pattern, out of its scale or against its pass word; combine maps their scores to the task's score","items":{"type":"object","additionalProperties":false,"required":["name","pattern"],"properties":{"name":{"type":"string","minLength":1},"pattern":{"type":"string","minLength":1},"flags":{"type":"string","pattern":"^[imsu]*$"},"scale":{"type":"number","minimum":0},"pass":{"type":"string","minLength":1},"weight":{"type":"number","minimum":0,"description":"> 0 (checked where the judge is declared; the byte-level validator implements no exclusiveMinimum)"}}}},"combine":{"enum":["weighted-mean","min","all"]}}},"rubric":{"type":"string","minLength":1}}};
const pattern67 = func6("^[imsu]*$", "u");

function validate27(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/judge-grader.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.digest === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.runtime === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "runtime"},message:"must have required property '"+"runtime"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.model === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.params === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "params"},message:"must have required property '"+"params"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.verdict === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.rubric === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rubric"},message:"must have required property '"+"rubric"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema58.properties, key0))){
const err10 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.kind !== undefined){
if("judge-grader" !== data.kind){
const err11 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "judge-grader"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err12 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.id !== undefined){
let data2 = data.id;
if(typeof data2 === "string"){
if(!pattern20.test(data2)){
const err13 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\""};
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
const err14 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.version !== undefined){
let data3 = data.version;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err15 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err16 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.digest !== undefined){
let data4 = data.digest;
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err17 = {instancePath:instancePath+"/digest",schemaPath:"#/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err18 = {instancePath:instancePath+"/digest",schemaPath:"#/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.runtime !== undefined){
if("docket-judge/1" !== data.runtime){
const err19 = {instancePath:instancePath+"/runtime",schemaPath:"#/properties/runtime/const",keyword:"const",params:{allowedValue: "docket-judge/1"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.model !== undefined){
let data6 = data.model;
if(typeof data6 === "string"){
if(func2(data6) < 1){
const err20 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err21 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.endpoint !== undefined){
let data7 = data.endpoint;
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err22 = {instancePath:instancePath+"/endpoint",schemaPath:"#/properties/endpoint/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err23 = {instancePath:instancePath+"/endpoint",schemaPath:"#/properties/endpoint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.params !== undefined){
let data8 = data.params;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.temperature === undefined){
const err24 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/required",keyword:"required",params:{missingProperty: "temperature"},message:"must have required property '"+"temperature"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data8.max_tokens === undefined){
const err25 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/required",keyword:"required",params:{missingProperty: "max_tokens"},message:"must have required property '"+"max_tokens"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
for(const key1 in data8){
if(!((((key1 === "temperature") || (key1 === "max_tokens")) || (key1 === "seed")) || (key1 === "top_p"))){
const err26 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data8.temperature !== undefined){
let data9 = data8.temperature;
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err27 = {instancePath:instancePath+"/params/temperature",schemaPath:"#/properties/params/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err28 = {instancePath:instancePath+"/params/temperature",schemaPath:"#/properties/params/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data8.max_tokens !== undefined){
let data10 = data8.max_tokens;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err29 = {instancePath:instancePath+"/params/max_tokens",schemaPath:"#/properties/params/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 1 || isNaN(data10)){
const err30 = {instancePath:instancePath+"/params/max_tokens",schemaPath:"#/properties/params/properties/max_tokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data8.seed !== undefined){
let data11 = data8.seed;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err31 = {instancePath:instancePath+"/params/seed",schemaPath:"#/properties/params/properties/seed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data8.top_p !== undefined){
let data12 = data8.top_p;
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 1 || isNaN(data12)){
const err32 = {instancePath:instancePath+"/params/top_p",schemaPath:"#/properties/params/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data12 < 0 || isNaN(data12)){
const err33 = {instancePath:instancePath+"/params/top_p",schemaPath:"#/properties/params/properties/top_p/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err34 = {instancePath:instancePath+"/params/top_p",schemaPath:"#/properties/params/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
else {
const err35 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.verdict !== undefined){
let data13 = data.verdict;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
for(const key2 in data13){
if(!((((((key2 === "pattern") || (key2 === "flags")) || (key2 === "scale")) || (key2 === "pass")) || (key2 === "criteria")) || (key2 === "combine"))){
const err36 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data13.pattern !== undefined){
let data14 = data13.pattern;
if(typeof data14 === "string"){
if(func2(data14) < 1){
const err37 = {instancePath:instancePath+"/verdict/pattern",schemaPath:"#/properties/verdict/properties/pattern/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err38 = {instancePath:instancePath+"/verdict/pattern",schemaPath:"#/properties/verdict/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data13.flags !== undefined){
let data15 = data13.flags;
if(typeof data15 === "string"){
if(!pattern67.test(data15)){
const err39 = {instancePath:instancePath+"/verdict/flags",schemaPath:"#/properties/verdict/properties/flags/pattern",keyword:"pattern",params:{pattern: "^[imsu]*$"},message:"must match pattern \""+"^[imsu]*$"+"\""};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/verdict/flags",schemaPath:"#/properties/verdict/properties/flags/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data13.scale !== undefined){
let data16 = data13.scale;
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err41 = {instancePath:instancePath+"/verdict/scale",schemaPath:"#/properties/verdict/properties/scale/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/verdict/scale",schemaPath:"#/properties/verdict/properties/scale/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data13.pass !== undefined){
let data17 = data13.pass;
if(typeof data17 === "string"){
if(func2(data17) < 1){
const err43 = {instancePath:instancePath+"/verdict/pass",schemaPath:"#/properties/verdict/properties/pass/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err44 = {instancePath:instancePath+"/verdict/pass",schemaPath:"#/properties/verdict/properties/pass/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data13.criteria !== undefined){
let data18 = data13.criteria;
if(Array.isArray(data18)){
if(data18.length < 1){
const err45 = {instancePath:instancePath+"/verdict/criteria",schemaPath:"#/properties/verdict/properties/criteria/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
const len0 = data18.length;
for(let i0=0; i0<len0; i0++){
let data19 = data18[i0];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.name === undefined){
const err46 = {instancePath:instancePath+"/verdict/criteria/" + i0,schemaPath:"#/properties/verdict/properties/criteria/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if(data19.pattern === undefined){
const err47 = {instancePath:instancePath+"/verdict/criteria/" + i0,schemaPath:"#/properties/verdict/properties/criteria/items/required",keyword:"required",params:{missingProperty: "pattern"},message:"must have required property '"+"pattern"+"'"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
for(const key3 in data19){
if(!((((((key3 === "name") || (key3 === "pattern")) || (key3 === "flags")) || (key3 === "scale")) || (key3 === "pass")) || (key3 === "weight"))){
const err48 = {instancePath:instancePath+"/verdict/criteria/" + i0,schemaPath:"#/properties/verdict/properties/criteria/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data19.name !== undefined){
let data20 = data19.name;
if(typeof data20 === "string"){
if(func2(data20) < 1){
const err49 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/name",schemaPath:"#/properties/verdict/properties/criteria/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err50 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/name",schemaPath:"#/properties/verdict/properties/criteria/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data19.pattern !== undefined){
let data21 = data19.pattern;
if(typeof data21 === "string"){
if(func2(data21) < 1){
const err51 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/pattern",schemaPath:"#/properties/verdict/properties/criteria/items/properties/pattern/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err52 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/pattern",schemaPath:"#/properties/verdict/properties/criteria/items/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data19.flags !== undefined){
let data22 = data19.flags;
if(typeof data22 === "string"){
if(!pattern67.test(data22)){
const err53 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/flags",schemaPath:"#/properties/verdict/properties/criteria/items/properties/flags/pattern",keyword:"pattern",params:{pattern: "^[imsu]*$"},message:"must match pattern \""+"^[imsu]*$"+"\""};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/flags",schemaPath:"#/properties/verdict/properties/criteria/items/properties/flags/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data19.scale !== undefined){
let data23 = data19.scale;
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 0 || isNaN(data23)){
const err55 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/scale",schemaPath:"#/properties/verdict/properties/criteria/items/properties/scale/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/scale",schemaPath:"#/properties/verdict/properties/criteria/items/properties/scale/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data19.pass !== undefined){
let data24 = data19.pass;
if(typeof data24 === "string"){
if(func2(data24) < 1){
const err57 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/pass",schemaPath:"#/properties/verdict/properties/criteria/items/properties/pass/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err58 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/pass",schemaPath:"#/properties/verdict/properties/criteria/items/properties/pass/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data19.weight !== undefined){
let data25 = data19.weight;
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 0 || isNaN(data25)){
const err59 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/weight",schemaPath:"#/properties/verdict/properties/criteria/items/properties/weight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/verdict/criteria/" + i0+"/weight",schemaPath:"#/properties/verdict/properties/criteria/items/properties/weight/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
else {
const err61 = {instancePath:instancePath+"/verdict/criteria/" + i0,schemaPath:"#/properties/verdict/properties/criteria/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
else {
const err62 = {instancePath:instancePath+"/verdict/criteria",schemaPath:"#/properties/verdict/properties/criteria/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
}
if(data13.combine !== undefined){
let data26 = data13.combine;
if(!(((data26 === "weighted-mean") || (data26 === "min")) || (data26 === "all"))){
const err63 = {instancePath:instancePath+"/verdict/combine",schemaPath:"#/properties/verdict/properties/combine/enum",keyword:"enum",params:{allowedValues: schema58.properties.verdict.properties.combine.enum},message:"must be equal to one of the allowed values"};
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
const err64 = {instancePath:instancePath+"/verdict",schemaPath:"#/properties/verdict/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.rubric !== undefined){
let data27 = data.rubric;
if(typeof data27 === "string"){
if(func2(data27) < 1){
const err65 = {instancePath:instancePath+"/rubric",schemaPath:"#/properties/rubric/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err66 = {instancePath:instancePath+"/rubric",schemaPath:"#/properties/rubric/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err67 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
validate27.errors = vErrors;
return errors === 0;
}

export const bundle_plan = validate28;
const schema59 = {"$id":"https://docket.invalid/schemas/plan.schema.json","title":"plan: a run's frozen plan (bank, questions, permutations, repetitions, request config, caps), stored before the first call","type":"object","additionalProperties":false,"required":["kind","schemaVersion","bank","benchmarkVersion","requestFormat","questions","permutations","repetitions","slots","model","baseUrl","params","grader","caps","requestHashes"],"properties":{"kind":{"const":"plan"},"schemaVersion":{"const":1},"bank":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"bank"},"benchmarkVersion":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"requestFormat":{"type":"string","minLength":1},"questions":{"type":"array","items":{"type":"string","minLength":1}},"tasks":{"type":"array","items":{"type":"string","minLength":1},"description":"task ids (sorted), present only when the run asks tasks: one slot per task and repetition, after the questions' slots"},"permutations":{"type":"integer","minimum":1},"repetitions":{"type":"integer","minimum":1},"slots":{"type":"integer","minimum":0},"model":{"type":"string","minLength":1},"baseUrl":{"type":"string","minLength":1},"params":{"type":"object","additionalProperties":false,"required":["temperature","max_tokens"],"properties":{"temperature":{"type":"number","minimum":0},"max_tokens":{"type":"integer","minimum":1},"seed":{"type":"integer"},"top_p":{"type":"number","minimum":0,"maximum":1}}},"grader":{"type":"object","additionalProperties":false,"required":["ref","digest"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}},"caps":{"type":"object","additionalProperties":false,"required":["limitEvals","maxRequests","maxKnownCostUsd","retries","timeoutMs"],"properties":{"limitEvals":{"type":["integer","null"],"minimum":1},"maxRequests":{"type":["integer","null"],"minimum":1},"maxKnownCostUsd":{"type":["number","null"],"minimum":0},"retries":{"type":"integer","minimum":0},"timeoutMs":{"type":"integer","minimum":1}}},"requestHashes":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"judge":{"description":"a judge run's plan (docs/design.md §9 \"Judge runs\"): the contestant run it serves, its judge grader's bundle, and the replies it judges (one slot each, in order)","type":"object","additionalProperties":false,"required":["serves","grader","items"],"properties":{"serves":{"type":"object","additionalProperties":false,"required":["run","runId"],"properties":{"run":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run"},"runId":{"type":"string","pattern":"^[a-z0-9][a-z0-9._-]{0,63}$"}}},"grader":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"judge-grader"},"items":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["task","repetition","seq"],"properties":{"task":{"type":"string","minLength":1},"repetition":{"type":"integer","minimum":0},"seq":{"type":"integer","minimum":0}}}}}}}};

function validate28(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/plan.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.bank === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bank"},message:"must have required property '"+"bank"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.benchmarkVersion === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "benchmarkVersion"},message:"must have required property '"+"benchmarkVersion"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.requestFormat === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requestFormat"},message:"must have required property '"+"requestFormat"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.questions === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "questions"},message:"must have required property '"+"questions"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.permutations === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "permutations"},message:"must have required property '"+"permutations"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.repetitions === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "repetitions"},message:"must have required property '"+"repetitions"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.slots === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "slots"},message:"must have required property '"+"slots"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.model === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.baseUrl === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "baseUrl"},message:"must have required property '"+"baseUrl"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.params === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "params"},message:"must have required property '"+"params"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.grader === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.caps === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "caps"},message:"must have required property '"+"caps"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.requestHashes === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requestHashes"},message:"must have required property '"+"requestHashes"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema59.properties, key0))){
const err15 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.kind !== undefined){
if("plan" !== data.kind){
const err16 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "plan"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err17 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.bank !== undefined){
let data2 = data.bank;
func5(instancePath+"/bank", data2, "bank");
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err18 = {instancePath:instancePath+"/bank",schemaPath:"#/properties/bank/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err19 = {instancePath:instancePath+"/bank",schemaPath:"#/properties/bank/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.benchmarkVersion !== undefined){
let data3 = data.benchmarkVersion;
if(typeof data3 === "string"){
if(!pattern0.test(data3)){
const err20 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err21 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.requestFormat !== undefined){
let data4 = data.requestFormat;
if(typeof data4 === "string"){
if(func2(data4) < 1){
const err22 = {instancePath:instancePath+"/requestFormat",schemaPath:"#/properties/requestFormat/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err23 = {instancePath:instancePath+"/requestFormat",schemaPath:"#/properties/requestFormat/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.questions !== undefined){
let data5 = data.questions;
if(Array.isArray(data5)){
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
if(typeof data6 === "string"){
if(func2(data6) < 1){
const err24 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err25 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err26 = {instancePath:instancePath+"/questions",schemaPath:"#/properties/questions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.tasks !== undefined){
let data7 = data.tasks;
if(Array.isArray(data7)){
const len1 = data7.length;
for(let i1=0; i1<len1; i1++){
let data8 = data7[i1];
if(typeof data8 === "string"){
if(func2(data8) < 1){
const err27 = {instancePath:instancePath+"/tasks/" + i1,schemaPath:"#/properties/tasks/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err28 = {instancePath:instancePath+"/tasks/" + i1,schemaPath:"#/properties/tasks/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err29 = {instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.permutations !== undefined){
let data9 = data.permutations;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err30 = {instancePath:instancePath+"/permutations",schemaPath:"#/properties/permutations/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 1 || isNaN(data9)){
const err31 = {instancePath:instancePath+"/permutations",schemaPath:"#/properties/permutations/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data.repetitions !== undefined){
let data10 = data.repetitions;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err32 = {instancePath:instancePath+"/repetitions",schemaPath:"#/properties/repetitions/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 1 || isNaN(data10)){
const err33 = {instancePath:instancePath+"/repetitions",schemaPath:"#/properties/repetitions/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
if(data.slots !== undefined){
let data11 = data.slots;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err34 = {instancePath:instancePath+"/slots",schemaPath:"#/properties/slots/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err35 = {instancePath:instancePath+"/slots",schemaPath:"#/properties/slots/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.model !== undefined){
let data12 = data.model;
if(typeof data12 === "string"){
if(func2(data12) < 1){
const err36 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err37 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.baseUrl !== undefined){
let data13 = data.baseUrl;
if(typeof data13 === "string"){
if(func2(data13) < 1){
const err38 = {instancePath:instancePath+"/baseUrl",schemaPath:"#/properties/baseUrl/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err39 = {instancePath:instancePath+"/baseUrl",schemaPath:"#/properties/baseUrl/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.params !== undefined){
let data14 = data.params;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.temperature === undefined){
const err40 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/required",keyword:"required",params:{missingProperty: "temperature"},message:"must have required property '"+"temperature"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data14.max_tokens === undefined){
const err41 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/required",keyword:"required",params:{missingProperty: "max_tokens"},message:"must have required property '"+"max_tokens"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
for(const key1 in data14){
if(!((((key1 === "temperature") || (key1 === "max_tokens")) || (key1 === "seed")) || (key1 === "top_p"))){
const err42 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data14.temperature !== undefined){
let data15 = data14.temperature;
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err43 = {instancePath:instancePath+"/params/temperature",schemaPath:"#/properties/params/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err44 = {instancePath:instancePath+"/params/temperature",schemaPath:"#/properties/params/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data14.max_tokens !== undefined){
let data16 = data14.max_tokens;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err45 = {instancePath:instancePath+"/params/max_tokens",schemaPath:"#/properties/params/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 1 || isNaN(data16)){
const err46 = {instancePath:instancePath+"/params/max_tokens",schemaPath:"#/properties/params/properties/max_tokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data14.seed !== undefined){
let data17 = data14.seed;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err47 = {instancePath:instancePath+"/params/seed",schemaPath:"#/properties/params/properties/seed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
if(data14.top_p !== undefined){
let data18 = data14.top_p;
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 > 1 || isNaN(data18)){
const err48 = {instancePath:instancePath+"/params/top_p",schemaPath:"#/properties/params/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if(data18 < 0 || isNaN(data18)){
const err49 = {instancePath:instancePath+"/params/top_p",schemaPath:"#/properties/params/properties/top_p/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err50 = {instancePath:instancePath+"/params/top_p",schemaPath:"#/properties/params/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err51 = {instancePath:instancePath+"/params",schemaPath:"#/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.grader !== undefined){
let data19 = data.grader;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if(data19.ref === undefined){
const err52 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data19.digest === undefined){
const err53 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
for(const key2 in data19){
if(!((key2 === "ref") || (key2 === "digest"))){
const err54 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data19.ref !== undefined){
let data20 = data19.ref;
if(typeof data20 === "string"){
if(!pattern19.test(data20)){
const err55 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/properties/grader/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data19.digest !== undefined){
let data21 = data19.digest;
if(typeof data21 === "string"){
if(!pattern0.test(data21)){
const err57 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err58 = {instancePath:instancePath+"/grader/digest",schemaPath:"#/properties/grader/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err59 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.caps !== undefined){
let data22 = data.caps;
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.limitEvals === undefined){
const err60 = {instancePath:instancePath+"/caps",schemaPath:"#/properties/caps/required",keyword:"required",params:{missingProperty: "limitEvals"},message:"must have required property '"+"limitEvals"+"'"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data22.maxRequests === undefined){
const err61 = {instancePath:instancePath+"/caps",schemaPath:"#/properties/caps/required",keyword:"required",params:{missingProperty: "maxRequests"},message:"must have required property '"+"maxRequests"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data22.maxKnownCostUsd === undefined){
const err62 = {instancePath:instancePath+"/caps",schemaPath:"#/properties/caps/required",keyword:"required",params:{missingProperty: "maxKnownCostUsd"},message:"must have required property '"+"maxKnownCostUsd"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data22.retries === undefined){
const err63 = {instancePath:instancePath+"/caps",schemaPath:"#/properties/caps/required",keyword:"required",params:{missingProperty: "retries"},message:"must have required property '"+"retries"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(data22.timeoutMs === undefined){
const err64 = {instancePath:instancePath+"/caps",schemaPath:"#/properties/caps/required",keyword:"required",params:{missingProperty: "timeoutMs"},message:"must have required property '"+"timeoutMs"+"'"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
for(const key3 in data22){
if(!(((((key3 === "limitEvals") || (key3 === "maxRequests")) || (key3 === "maxKnownCostUsd")) || (key3 === "retries")) || (key3 === "timeoutMs"))){
const err65 = {instancePath:instancePath+"/caps",schemaPath:"#/properties/caps/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data22.limitEvals !== undefined){
let data23 = data22.limitEvals;
if((!(((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23))) && (isFinite(data23)))) && (data23 !== null)){
const err66 = {instancePath:instancePath+"/caps/limitEvals",schemaPath:"#/properties/caps/properties/limitEvals/type",keyword:"type",params:{type: schema59.properties.caps.properties.limitEvals.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if((typeof data23 == "number") && (isFinite(data23))){
if(data23 < 1 || isNaN(data23)){
const err67 = {instancePath:instancePath+"/caps/limitEvals",schemaPath:"#/properties/caps/properties/limitEvals/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data22.maxRequests !== undefined){
let data24 = data22.maxRequests;
if((!(((typeof data24 == "number") && (!(data24 % 1) && !isNaN(data24))) && (isFinite(data24)))) && (data24 !== null)){
const err68 = {instancePath:instancePath+"/caps/maxRequests",schemaPath:"#/properties/caps/properties/maxRequests/type",keyword:"type",params:{type: schema59.properties.caps.properties.maxRequests.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if((typeof data24 == "number") && (isFinite(data24))){
if(data24 < 1 || isNaN(data24)){
const err69 = {instancePath:instancePath+"/caps/maxRequests",schemaPath:"#/properties/caps/properties/maxRequests/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data22.maxKnownCostUsd !== undefined){
let data25 = data22.maxKnownCostUsd;
if((!((typeof data25 == "number") && (isFinite(data25)))) && (data25 !== null)){
const err70 = {instancePath:instancePath+"/caps/maxKnownCostUsd",schemaPath:"#/properties/caps/properties/maxKnownCostUsd/type",keyword:"type",params:{type: schema59.properties.caps.properties.maxKnownCostUsd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 < 0 || isNaN(data25)){
const err71 = {instancePath:instancePath+"/caps/maxKnownCostUsd",schemaPath:"#/properties/caps/properties/maxKnownCostUsd/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
if(data22.retries !== undefined){
let data26 = data22.retries;
if(!(((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26))) && (isFinite(data26)))){
const err72 = {instancePath:instancePath+"/caps/retries",schemaPath:"#/properties/caps/properties/retries/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if((typeof data26 == "number") && (isFinite(data26))){
if(data26 < 0 || isNaN(data26)){
const err73 = {instancePath:instancePath+"/caps/retries",schemaPath:"#/properties/caps/properties/retries/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
if(data22.timeoutMs !== undefined){
let data27 = data22.timeoutMs;
if(!(((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27))) && (isFinite(data27)))){
const err74 = {instancePath:instancePath+"/caps/timeoutMs",schemaPath:"#/properties/caps/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
if((typeof data27 == "number") && (isFinite(data27))){
if(data27 < 1 || isNaN(data27)){
const err75 = {instancePath:instancePath+"/caps/timeoutMs",schemaPath:"#/properties/caps/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
}
else {
const err76 = {instancePath:instancePath+"/caps",schemaPath:"#/properties/caps/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
}
if(data.requestHashes !== undefined){
let data28 = data.requestHashes;
if(typeof data28 === "string"){
if(!pattern0.test(data28)){
const err77 = {instancePath:instancePath+"/requestHashes",schemaPath:"#/properties/requestHashes/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err78 = {instancePath:instancePath+"/requestHashes",schemaPath:"#/properties/requestHashes/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data.judge !== undefined){
let data29 = data.judge;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(data29.serves === undefined){
const err79 = {instancePath:instancePath+"/judge",schemaPath:"#/properties/judge/required",keyword:"required",params:{missingProperty: "serves"},message:"must have required property '"+"serves"+"'"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
if(data29.grader === undefined){
const err80 = {instancePath:instancePath+"/judge",schemaPath:"#/properties/judge/required",keyword:"required",params:{missingProperty: "grader"},message:"must have required property '"+"grader"+"'"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
if(data29.items === undefined){
const err81 = {instancePath:instancePath+"/judge",schemaPath:"#/properties/judge/required",keyword:"required",params:{missingProperty: "items"},message:"must have required property '"+"items"+"'"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
for(const key4 in data29){
if(!(((key4 === "serves") || (key4 === "grader")) || (key4 === "items"))){
const err82 = {instancePath:instancePath+"/judge",schemaPath:"#/properties/judge/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err82];
}
else {
vErrors.push(err82);
}
errors++;
}
}
if(data29.serves !== undefined){
let data30 = data29.serves;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(data30.run === undefined){
const err83 = {instancePath:instancePath+"/judge/serves",schemaPath:"#/properties/judge/properties/serves/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
if(data30.runId === undefined){
const err84 = {instancePath:instancePath+"/judge/serves",schemaPath:"#/properties/judge/properties/serves/required",keyword:"required",params:{missingProperty: "runId"},message:"must have required property '"+"runId"+"'"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
for(const key5 in data30){
if(!((key5 === "run") || (key5 === "runId"))){
const err85 = {instancePath:instancePath+"/judge/serves",schemaPath:"#/properties/judge/properties/serves/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
}
if(data30.run !== undefined){
let data31 = data30.run;
func5(instancePath+"/judge/serves/run", data31, "run");
if(typeof data31 === "string"){
if(!pattern0.test(data31)){
const err86 = {instancePath:instancePath+"/judge/serves/run",schemaPath:"#/properties/judge/properties/serves/properties/run/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err87 = {instancePath:instancePath+"/judge/serves/run",schemaPath:"#/properties/judge/properties/serves/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data30.runId !== undefined){
let data32 = data30.runId;
if(typeof data32 === "string"){
if(!pattern30.test(data32)){
const err88 = {instancePath:instancePath+"/judge/serves/runId",schemaPath:"#/properties/judge/properties/serves/properties/runId/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9._-]{0,63}$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9._-]{0,63}$"+"\""};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
else {
const err89 = {instancePath:instancePath+"/judge/serves/runId",schemaPath:"#/properties/judge/properties/serves/properties/runId/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
}
else {
const err90 = {instancePath:instancePath+"/judge/serves",schemaPath:"#/properties/judge/properties/serves/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err90];
}
else {
vErrors.push(err90);
}
errors++;
}
}
if(data29.grader !== undefined){
let data33 = data29.grader;
func5(instancePath+"/judge/grader", data33, "judge-grader");
if(typeof data33 === "string"){
if(!pattern0.test(data33)){
const err91 = {instancePath:instancePath+"/judge/grader",schemaPath:"#/properties/judge/properties/grader/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
else {
const err92 = {instancePath:instancePath+"/judge/grader",schemaPath:"#/properties/judge/properties/grader/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data29.items !== undefined){
let data34 = data29.items;
if(Array.isArray(data34)){
const len2 = data34.length;
for(let i2=0; i2<len2; i2++){
let data35 = data34[i2];
if(data35 && typeof data35 == "object" && !Array.isArray(data35)){
if(data35.task === undefined){
const err93 = {instancePath:instancePath+"/judge/items/" + i2,schemaPath:"#/properties/judge/properties/items/items/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
if(data35.repetition === undefined){
const err94 = {instancePath:instancePath+"/judge/items/" + i2,schemaPath:"#/properties/judge/properties/items/items/required",keyword:"required",params:{missingProperty: "repetition"},message:"must have required property '"+"repetition"+"'"};
if(vErrors === null){
vErrors = [err94];
}
else {
vErrors.push(err94);
}
errors++;
}
if(data35.seq === undefined){
const err95 = {instancePath:instancePath+"/judge/items/" + i2,schemaPath:"#/properties/judge/properties/items/items/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
for(const key6 in data35){
if(!(((key6 === "task") || (key6 === "repetition")) || (key6 === "seq"))){
const err96 = {instancePath:instancePath+"/judge/items/" + i2,schemaPath:"#/properties/judge/properties/items/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data35.task !== undefined){
let data36 = data35.task;
if(typeof data36 === "string"){
if(func2(data36) < 1){
const err97 = {instancePath:instancePath+"/judge/items/" + i2+"/task",schemaPath:"#/properties/judge/properties/items/items/properties/task/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err98 = {instancePath:instancePath+"/judge/items/" + i2+"/task",schemaPath:"#/properties/judge/properties/items/items/properties/task/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err98];
}
else {
vErrors.push(err98);
}
errors++;
}
}
if(data35.repetition !== undefined){
let data37 = data35.repetition;
if(!(((typeof data37 == "number") && (!(data37 % 1) && !isNaN(data37))) && (isFinite(data37)))){
const err99 = {instancePath:instancePath+"/judge/items/" + i2+"/repetition",schemaPath:"#/properties/judge/properties/items/items/properties/repetition/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err99];
}
else {
vErrors.push(err99);
}
errors++;
}
if((typeof data37 == "number") && (isFinite(data37))){
if(data37 < 0 || isNaN(data37)){
const err100 = {instancePath:instancePath+"/judge/items/" + i2+"/repetition",schemaPath:"#/properties/judge/properties/items/items/properties/repetition/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
}
if(data35.seq !== undefined){
let data38 = data35.seq;
if(!(((typeof data38 == "number") && (!(data38 % 1) && !isNaN(data38))) && (isFinite(data38)))){
const err101 = {instancePath:instancePath+"/judge/items/" + i2+"/seq",schemaPath:"#/properties/judge/properties/items/items/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
if((typeof data38 == "number") && (isFinite(data38))){
if(data38 < 0 || isNaN(data38)){
const err102 = {instancePath:instancePath+"/judge/items/" + i2+"/seq",schemaPath:"#/properties/judge/properties/items/items/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err103 = {instancePath:instancePath+"/judge/items/" + i2,schemaPath:"#/properties/judge/properties/items/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err104 = {instancePath:instancePath+"/judge/items",schemaPath:"#/properties/judge/properties/items/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err105 = {instancePath:instancePath+"/judge",schemaPath:"#/properties/judge/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err106 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err106];
}
else {
vErrors.push(err106);
}
errors++;
}
validate28.errors = vErrors;
return errors === 0;
}

export const bundle_plan_record = validate29;
const schema60 = {"$id":"https://docket.invalid/schemas/plan-record.schema.json","title":"plan-record: one entry of the archive's append-only plan log: a frozen plan registered before any call, with the time and the digest of the previous record (the hash chain refs/plans/head ends at)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","seq","previous","plan","model","benchmarkVersion","committedAt"],"properties":{"kind":{"const":"plan-record"},"schemaVersion":{"const":1},"seq":{"type":"integer","minimum":0},"previous":{"type":["string","null"],"pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"plan-record"},"plan":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"plan"},"model":{"type":"string","minLength":1},"benchmarkVersion":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"committedAt":{"type":"string","minLength":1}}};

function validate29(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/plan-record.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.seq === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.previous === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "previous"},message:"must have required property '"+"previous"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.plan === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "plan"},message:"must have required property '"+"plan"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.model === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.benchmarkVersion === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "benchmarkVersion"},message:"must have required property '"+"benchmarkVersion"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.committedAt === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "committedAt"},message:"must have required property '"+"committedAt"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "seq")) || (key0 === "previous")) || (key0 === "plan")) || (key0 === "model")) || (key0 === "benchmarkVersion")) || (key0 === "committedAt"))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.kind !== undefined){
if("plan-record" !== data.kind){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "plan-record"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err10 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.seq !== undefined){
let data2 = data.seq;
if(!(((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2))) && (isFinite(data2)))){
const err11 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if((typeof data2 == "number") && (isFinite(data2))){
if(data2 < 0 || isNaN(data2)){
const err12 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.previous !== undefined){
let data3 = data.previous;
if((typeof data3 !== "string") && (data3 !== null)){
const err13 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/type",keyword:"type",params:{type: schema60.properties.previous.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
func5(instancePath+"/previous", data3, "plan-record");
if(typeof data3 === "string"){
if(!pattern0.test(data3)){
const err14 = {instancePath:instancePath+"/previous",schemaPath:"#/properties/previous/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
if(data.plan !== undefined){
let data4 = data.plan;
func5(instancePath+"/plan", data4, "plan");
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err15 = {instancePath:instancePath+"/plan",schemaPath:"#/properties/plan/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err16 = {instancePath:instancePath+"/plan",schemaPath:"#/properties/plan/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.model !== undefined){
let data5 = data.model;
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err17 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err18 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.benchmarkVersion !== undefined){
let data6 = data.benchmarkVersion;
if(typeof data6 === "string"){
if(!pattern0.test(data6)){
const err19 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.committedAt !== undefined){
let data7 = data.committedAt;
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err21 = {instancePath:instancePath+"/committedAt",schemaPath:"#/properties/committedAt/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err22 = {instancePath:instancePath+"/committedAt",schemaPath:"#/properties/committedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate29.errors = vErrors;
return errors === 0;
}

export const bundle_prompt_template = validate30;
const schema61 = {"$id":"https://docket.invalid/schemas/prompt-template.schema.json","title":"prompt-template: the versioned system and user message text that presents a question","type":"object","additionalProperties":false,"required":["kind","schemaVersion","id","version","system","user","answerFormat"],"properties":{"kind":{"const":"prompt-template"},"schemaVersion":{"const":1},"id":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"system":{"type":"string"},"user":{"type":"string"},"answerFormat":{"type":"string"},"requestKind":{"enum":["chat","decision"],"description":"the request kind runs use unless --request-kind says otherwise; absent: chat"}}};
const pattern80 = func6("^[a-z0-9][a-z0-9-]*$", "u");

function validate30(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/prompt-template.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.system === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "system"},message:"must have required property '"+"system"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.user === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "user"},message:"must have required property '"+"user"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.answerFormat === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "answerFormat"},message:"must have required property '"+"answerFormat"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "id")) || (key0 === "version")) || (key0 === "system")) || (key0 === "user")) || (key0 === "answerFormat")) || (key0 === "requestKind"))){
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
if(data.kind !== undefined){
if("prompt-template" !== data.kind){
const err8 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "prompt-template"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err9 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.id !== undefined){
let data2 = data.id;
if(typeof data2 === "string"){
if(!pattern80.test(data2)){
const err10 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.version !== undefined){
let data3 = data.version;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err12 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err13 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.system !== undefined){
if(typeof data.system !== "string"){
const err14 = {instancePath:instancePath+"/system",schemaPath:"#/properties/system/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.user !== undefined){
if(typeof data.user !== "string"){
const err15 = {instancePath:instancePath+"/user",schemaPath:"#/properties/user/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.answerFormat !== undefined){
if(typeof data.answerFormat !== "string"){
const err16 = {instancePath:instancePath+"/answerFormat",schemaPath:"#/properties/answerFormat/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.requestKind !== undefined){
let data7 = data.requestKind;
if(!((data7 === "chat") || (data7 === "decision"))){
const err17 = {instancePath:instancePath+"/requestKind",schemaPath:"#/properties/requestKind/enum",keyword:"enum",params:{allowedValues: schema61.properties.requestKind.enum},message:"must be equal to one of the allowed values"};
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
const err18 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
validate30.errors = vErrors;
return errors === 0;
}

export const bundle_protocol = validate31;
const schema62 = {"$id":"https://docket.invalid/schemas/protocol.schema.json","title":"protocol: the versioned scoring protocol (its digest is part of the benchmark version)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","id","version","permutationsPerQuestion","slot","verdicts","questionScore","sourceEvalScore","score","coverage","minCoverage","ranking","intervals","comparison","cost"],"properties":{"kind":{"const":"protocol"},"schemaVersion":{"const":1},"id":{"type":"string"},"version":{"type":"integer","minimum":1},"permutationsPerQuestion":{"type":"integer","minimum":1},"slot":{"type":"string"},"verdicts":{"type":"object","additionalProperties":{"type":"string"}},"questionScore":{"type":"string"},"sourceEvalScore":{"type":"string"},"score":{"type":"string"},"coverage":{"type":"string"},"minCoverage":{"type":"number","minimum":0,"maximum":1},"ranking":{"type":"string"},"intervals":{"type":"object"},"comparison":{"type":"object"},"cost":{"type":"string"},"kinds":{"type":"object"},"weights":{"type":"object"},"itemScore":{"type":"string"},"kindScore":{"type":"string"},"combined":{"type":"string"}}};

function validate31(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/protocol.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.version === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.permutationsPerQuestion === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "permutationsPerQuestion"},message:"must have required property '"+"permutationsPerQuestion"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.slot === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "slot"},message:"must have required property '"+"slot"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.verdicts === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "verdicts"},message:"must have required property '"+"verdicts"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.questionScore === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "questionScore"},message:"must have required property '"+"questionScore"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.sourceEvalScore === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sourceEvalScore"},message:"must have required property '"+"sourceEvalScore"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.score === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "score"},message:"must have required property '"+"score"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.coverage === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "coverage"},message:"must have required property '"+"coverage"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.minCoverage === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "minCoverage"},message:"must have required property '"+"minCoverage"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.ranking === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "ranking"},message:"must have required property '"+"ranking"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.intervals === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "intervals"},message:"must have required property '"+"intervals"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.comparison === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "comparison"},message:"must have required property '"+"comparison"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.cost === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "cost"},message:"must have required property '"+"cost"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema62.properties, key0))){
const err16 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.kind !== undefined){
if("protocol" !== data.kind){
const err17 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "protocol"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err18 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.id !== undefined){
if(typeof data.id !== "string"){
const err19 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.version !== undefined){
let data3 = data.version;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err20 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 1 || isNaN(data3)){
const err21 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
if(data.permutationsPerQuestion !== undefined){
let data4 = data.permutationsPerQuestion;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err22 = {instancePath:instancePath+"/permutationsPerQuestion",schemaPath:"#/properties/permutationsPerQuestion/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 1 || isNaN(data4)){
const err23 = {instancePath:instancePath+"/permutationsPerQuestion",schemaPath:"#/properties/permutationsPerQuestion/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
if(data.slot !== undefined){
if(typeof data.slot !== "string"){
const err24 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.verdicts !== undefined){
let data6 = data.verdicts;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
for(const key1 in data6){
if(typeof data6[key1] !== "string"){
const err25 = {instancePath:instancePath+"/verdicts/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/verdicts/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err26 = {instancePath:instancePath+"/verdicts",schemaPath:"#/properties/verdicts/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.questionScore !== undefined){
if(typeof data.questionScore !== "string"){
const err27 = {instancePath:instancePath+"/questionScore",schemaPath:"#/properties/questionScore/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.sourceEvalScore !== undefined){
if(typeof data.sourceEvalScore !== "string"){
const err28 = {instancePath:instancePath+"/sourceEvalScore",schemaPath:"#/properties/sourceEvalScore/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data.score !== undefined){
if(typeof data.score !== "string"){
const err29 = {instancePath:instancePath+"/score",schemaPath:"#/properties/score/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.coverage !== undefined){
if(typeof data.coverage !== "string"){
const err30 = {instancePath:instancePath+"/coverage",schemaPath:"#/properties/coverage/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data.minCoverage !== undefined){
let data12 = data.minCoverage;
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 > 1 || isNaN(data12)){
const err31 = {instancePath:instancePath+"/minCoverage",schemaPath:"#/properties/minCoverage/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if(data12 < 0 || isNaN(data12)){
const err32 = {instancePath:instancePath+"/minCoverage",schemaPath:"#/properties/minCoverage/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err33 = {instancePath:instancePath+"/minCoverage",schemaPath:"#/properties/minCoverage/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.ranking !== undefined){
if(typeof data.ranking !== "string"){
const err34 = {instancePath:instancePath+"/ranking",schemaPath:"#/properties/ranking/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data.intervals !== undefined){
let data14 = data.intervals;
if(!(data14 && typeof data14 == "object" && !Array.isArray(data14))){
const err35 = {instancePath:instancePath+"/intervals",schemaPath:"#/properties/intervals/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data.comparison !== undefined){
let data15 = data.comparison;
if(!(data15 && typeof data15 == "object" && !Array.isArray(data15))){
const err36 = {instancePath:instancePath+"/comparison",schemaPath:"#/properties/comparison/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.cost !== undefined){
if(typeof data.cost !== "string"){
const err37 = {instancePath:instancePath+"/cost",schemaPath:"#/properties/cost/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.kinds !== undefined){
let data17 = data.kinds;
if(!(data17 && typeof data17 == "object" && !Array.isArray(data17))){
const err38 = {instancePath:instancePath+"/kinds",schemaPath:"#/properties/kinds/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data.weights !== undefined){
let data18 = data.weights;
if(!(data18 && typeof data18 == "object" && !Array.isArray(data18))){
const err39 = {instancePath:instancePath+"/weights",schemaPath:"#/properties/weights/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.itemScore !== undefined){
if(typeof data.itemScore !== "string"){
const err40 = {instancePath:instancePath+"/itemScore",schemaPath:"#/properties/itemScore/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data.kindScore !== undefined){
if(typeof data.kindScore !== "string"){
const err41 = {instancePath:instancePath+"/kindScore",schemaPath:"#/properties/kindScore/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data.combined !== undefined){
if(typeof data.combined !== "string"){
const err42 = {instancePath:instancePath+"/combined",schemaPath:"#/properties/combined/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err43 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
validate31.errors = vErrors;
return errors === 0;
}

export const bundle_question = validate32;
const schema63 = {"$id":"https://docket.invalid/schemas/question.schema.json","title":"question: one decision question, naming its source snapshot and its evidence","type":"object","additionalProperties":false,"required":["kind","schemaVersion","question","source","evidence"],"properties":{"kind":{"const":"question"},"schemaVersion":{"const":1},"question":{"type":"object","additionalProperties":false,"required":["id","sourceEval","stem","options","key","claim","doesNotEstablish","probe"],"properties":{"id":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$"},"sourceEval":{"type":"string"},"stem":{"type":"string","minLength":1},"options":{"type":"array","minItems":4,"maxItems":4,"items":{"type":"string","minLength":1}},"key":{"enum":["A","B","C","D"]},"claim":{"type":"string"},"doesNotEstablish":{"type":"string"},"probe":{"type":"string"}}},"source":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"source"},"evidence":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"evidence"}}};
const pattern81 = func6("^[a-z0-9]+(-[a-z0-9]+)*$", "u");

function validate32(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/question.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.question === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "question"},message:"must have required property '"+"question"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.source === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.evidence === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "evidence"},message:"must have required property '"+"evidence"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "question")) || (key0 === "source")) || (key0 === "evidence"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.kind !== undefined){
if("question" !== data.kind){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "question"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err7 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.question !== undefined){
let data2 = data.question;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.id === undefined){
const err8 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2.sourceEval === undefined){
const err9 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data2.stem === undefined){
const err10 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "stem"},message:"must have required property '"+"stem"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data2.options === undefined){
const err11 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "options"},message:"must have required property '"+"options"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data2.key === undefined){
const err12 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data2.claim === undefined){
const err13 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "claim"},message:"must have required property '"+"claim"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data2.doesNotEstablish === undefined){
const err14 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "doesNotEstablish"},message:"must have required property '"+"doesNotEstablish"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data2.probe === undefined){
const err15 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/required",keyword:"required",params:{missingProperty: "probe"},message:"must have required property '"+"probe"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key1 in data2){
if(!((((((((key1 === "id") || (key1 === "sourceEval")) || (key1 === "stem")) || (key1 === "options")) || (key1 === "key")) || (key1 === "claim")) || (key1 === "doesNotEstablish")) || (key1 === "probe"))){
const err16 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data2.id !== undefined){
let data3 = data2.id;
if(typeof data3 === "string"){
if(!pattern81.test(data3)){
const err17 = {instancePath:instancePath+"/question/id",schemaPath:"#/properties/question/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9]+(-[a-z0-9]+)*$"},message:"must match pattern \""+"^[a-z0-9]+(-[a-z0-9]+)*$"+"\""};
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
const err18 = {instancePath:instancePath+"/question/id",schemaPath:"#/properties/question/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data2.sourceEval !== undefined){
if(typeof data2.sourceEval !== "string"){
const err19 = {instancePath:instancePath+"/question/sourceEval",schemaPath:"#/properties/question/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data2.stem !== undefined){
let data5 = data2.stem;
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err20 = {instancePath:instancePath+"/question/stem",schemaPath:"#/properties/question/properties/stem/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err21 = {instancePath:instancePath+"/question/stem",schemaPath:"#/properties/question/properties/stem/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data2.options !== undefined){
let data6 = data2.options;
if(Array.isArray(data6)){
if(data6.length > 4){
const err22 = {instancePath:instancePath+"/question/options",schemaPath:"#/properties/question/properties/options/maxItems",keyword:"maxItems",params:{limit: 4},message:"must NOT have more than 4 items"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data6.length < 4){
const err23 = {instancePath:instancePath+"/question/options",schemaPath:"#/properties/question/properties/options/minItems",keyword:"minItems",params:{limit: 4},message:"must NOT have fewer than 4 items"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
const len0 = data6.length;
for(let i0=0; i0<len0; i0++){
let data7 = data6[i0];
if(typeof data7 === "string"){
if(func2(data7) < 1){
const err24 = {instancePath:instancePath+"/question/options/" + i0,schemaPath:"#/properties/question/properties/options/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err25 = {instancePath:instancePath+"/question/options/" + i0,schemaPath:"#/properties/question/properties/options/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err26 = {instancePath:instancePath+"/question/options",schemaPath:"#/properties/question/properties/options/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data2.key !== undefined){
let data8 = data2.key;
if(!((((data8 === "A") || (data8 === "B")) || (data8 === "C")) || (data8 === "D"))){
const err27 = {instancePath:instancePath+"/question/key",schemaPath:"#/properties/question/properties/key/enum",keyword:"enum",params:{allowedValues: schema63.properties.question.properties.key.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data2.claim !== undefined){
if(typeof data2.claim !== "string"){
const err28 = {instancePath:instancePath+"/question/claim",schemaPath:"#/properties/question/properties/claim/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data2.doesNotEstablish !== undefined){
if(typeof data2.doesNotEstablish !== "string"){
const err29 = {instancePath:instancePath+"/question/doesNotEstablish",schemaPath:"#/properties/question/properties/doesNotEstablish/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data2.probe !== undefined){
if(typeof data2.probe !== "string"){
const err30 = {instancePath:instancePath+"/question/probe",schemaPath:"#/properties/question/properties/probe/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err31 = {instancePath:instancePath+"/question",schemaPath:"#/properties/question/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.source !== undefined){
let data12 = data.source;
func5(instancePath+"/source", data12, "source");
if(typeof data12 === "string"){
if(!pattern0.test(data12)){
const err32 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err33 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.evidence !== undefined){
let data13 = data.evidence;
func5(instancePath+"/evidence", data13, "evidence");
if(typeof data13 === "string"){
if(!pattern0.test(data13)){
const err34 = {instancePath:instancePath+"/evidence",schemaPath:"#/properties/evidence/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err35 = {instancePath:instancePath+"/evidence",schemaPath:"#/properties/evidence/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err36 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
validate32.errors = vErrors;
return errors === 0;
}

export const bundle_run = validate33;
const schema64 = {"$id":"https://docket.invalid/schemas/run.schema.json","title":"run: a sealed run: its plan, status, counts, the journal head and the segments holding every attempt; planRecord names the registered plan it ran (null: unregistered; absent in runs sealed before plan records existed)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","id","plan","bank","benchmarkVersion","model","status","stopReason","planned","done","attempts","classes","knownCostUsd","head","segments","startedAt","sealedAt","docketVersion"],"properties":{"kind":{"const":"run"},"schemaVersion":{"const":1},"id":{"type":"string","pattern":"^[a-z0-9][a-z0-9._-]{0,63}$"},"plan":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"plan"},"bank":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"bank"},"benchmarkVersion":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"model":{"type":"string","minLength":1},"status":{"enum":["sealed","incomplete","interrupted"]},"stopReason":{"type":["string","null"]},"planned":{"type":"integer","minimum":0},"done":{"type":"integer","minimum":0},"attempts":{"type":"integer","minimum":0},"classes":{"type":"object","additionalProperties":false,"required":["answered","invalid","provider_failure","truncated","interrupted"],"properties":{"answered":{"type":"integer","minimum":0},"invalid":{"type":"integer","minimum":0},"provider_failure":{"type":"integer","minimum":0},"truncated":{"type":"integer","minimum":0},"interrupted":{"type":"integer","minimum":0}}},"knownCostUsd":{"type":["number","null"],"minimum":0},"head":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"segments":{"type":"array","items":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run-segment"}},"startedAt":{"type":"string","minLength":1},"sealedAt":{"type":"string","minLength":1},"docketVersion":{"type":"string","minLength":1},"planRecord":{"type":["string","null"],"pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"plan-record"},"serves":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"run","description":"a judge run: the contestant run whose replies it judged (absent: a contestant run)"}}};

function validate33(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/run.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.id === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.plan === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "plan"},message:"must have required property '"+"plan"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.bank === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "bank"},message:"must have required property '"+"bank"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.benchmarkVersion === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "benchmarkVersion"},message:"must have required property '"+"benchmarkVersion"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.model === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.status === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.stopReason === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "stopReason"},message:"must have required property '"+"stopReason"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.planned === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "planned"},message:"must have required property '"+"planned"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.done === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "done"},message:"must have required property '"+"done"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.attempts === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempts"},message:"must have required property '"+"attempts"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.classes === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "classes"},message:"must have required property '"+"classes"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.knownCostUsd === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "knownCostUsd"},message:"must have required property '"+"knownCostUsd"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.head === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "head"},message:"must have required property '"+"head"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data.segments === undefined){
const err15 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "segments"},message:"must have required property '"+"segments"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data.startedAt === undefined){
const err16 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "startedAt"},message:"must have required property '"+"startedAt"+"'"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data.sealedAt === undefined){
const err17 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sealedAt"},message:"must have required property '"+"sealedAt"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data.docketVersion === undefined){
const err18 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "docketVersion"},message:"must have required property '"+"docketVersion"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema64.properties, key0))){
const err19 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.kind !== undefined){
if("run" !== data.kind){
const err20 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "run"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err21 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.id !== undefined){
let data2 = data.id;
if(typeof data2 === "string"){
if(!pattern30.test(data2)){
const err22 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9._-]{0,63}$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9._-]{0,63}$"+"\""};
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
const err23 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data.plan !== undefined){
let data3 = data.plan;
func5(instancePath+"/plan", data3, "plan");
if(typeof data3 === "string"){
if(!pattern0.test(data3)){
const err24 = {instancePath:instancePath+"/plan",schemaPath:"#/properties/plan/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err25 = {instancePath:instancePath+"/plan",schemaPath:"#/properties/plan/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.bank !== undefined){
let data4 = data.bank;
func5(instancePath+"/bank", data4, "bank");
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err26 = {instancePath:instancePath+"/bank",schemaPath:"#/properties/bank/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err27 = {instancePath:instancePath+"/bank",schemaPath:"#/properties/bank/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.benchmarkVersion !== undefined){
let data5 = data.benchmarkVersion;
if(typeof data5 === "string"){
if(!pattern0.test(data5)){
const err28 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err29 = {instancePath:instancePath+"/benchmarkVersion",schemaPath:"#/properties/benchmarkVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.model !== undefined){
let data6 = data.model;
if(typeof data6 === "string"){
if(func2(data6) < 1){
const err30 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err31 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.status !== undefined){
let data7 = data.status;
if(!(((data7 === "sealed") || (data7 === "incomplete")) || (data7 === "interrupted"))){
const err32 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/enum",keyword:"enum",params:{allowedValues: schema64.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.stopReason !== undefined){
let data8 = data.stopReason;
if((typeof data8 !== "string") && (data8 !== null)){
const err33 = {instancePath:instancePath+"/stopReason",schemaPath:"#/properties/stopReason/type",keyword:"type",params:{type: schema64.properties.stopReason.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.planned !== undefined){
let data9 = data.planned;
if(!(((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9))) && (isFinite(data9)))){
const err34 = {instancePath:instancePath+"/planned",schemaPath:"#/properties/planned/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if((typeof data9 == "number") && (isFinite(data9))){
if(data9 < 0 || isNaN(data9)){
const err35 = {instancePath:instancePath+"/planned",schemaPath:"#/properties/planned/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.done !== undefined){
let data10 = data.done;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err36 = {instancePath:instancePath+"/done",schemaPath:"#/properties/done/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err37 = {instancePath:instancePath+"/done",schemaPath:"#/properties/done/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.attempts !== undefined){
let data11 = data.attempts;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err38 = {instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err39 = {instancePath:instancePath+"/attempts",schemaPath:"#/properties/attempts/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.classes !== undefined){
let data12 = data.classes;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
if(data12.answered === undefined){
const err40 = {instancePath:instancePath+"/classes",schemaPath:"#/properties/classes/required",keyword:"required",params:{missingProperty: "answered"},message:"must have required property '"+"answered"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
if(data12.invalid === undefined){
const err41 = {instancePath:instancePath+"/classes",schemaPath:"#/properties/classes/required",keyword:"required",params:{missingProperty: "invalid"},message:"must have required property '"+"invalid"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data12.provider_failure === undefined){
const err42 = {instancePath:instancePath+"/classes",schemaPath:"#/properties/classes/required",keyword:"required",params:{missingProperty: "provider_failure"},message:"must have required property '"+"provider_failure"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
if(data12.truncated === undefined){
const err43 = {instancePath:instancePath+"/classes",schemaPath:"#/properties/classes/required",keyword:"required",params:{missingProperty: "truncated"},message:"must have required property '"+"truncated"+"'"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
if(data12.interrupted === undefined){
const err44 = {instancePath:instancePath+"/classes",schemaPath:"#/properties/classes/required",keyword:"required",params:{missingProperty: "interrupted"},message:"must have required property '"+"interrupted"+"'"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
for(const key1 in data12){
if(!(((((key1 === "answered") || (key1 === "invalid")) || (key1 === "provider_failure")) || (key1 === "truncated")) || (key1 === "interrupted"))){
const err45 = {instancePath:instancePath+"/classes",schemaPath:"#/properties/classes/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data12.answered !== undefined){
let data13 = data12.answered;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err46 = {instancePath:instancePath+"/classes/answered",schemaPath:"#/properties/classes/properties/answered/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err47 = {instancePath:instancePath+"/classes/answered",schemaPath:"#/properties/classes/properties/answered/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data12.invalid !== undefined){
let data14 = data12.invalid;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err48 = {instancePath:instancePath+"/classes/invalid",schemaPath:"#/properties/classes/properties/invalid/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 0 || isNaN(data14)){
const err49 = {instancePath:instancePath+"/classes/invalid",schemaPath:"#/properties/classes/properties/invalid/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data12.provider_failure !== undefined){
let data15 = data12.provider_failure;
if(!(((typeof data15 == "number") && (!(data15 % 1) && !isNaN(data15))) && (isFinite(data15)))){
const err50 = {instancePath:instancePath+"/classes/provider_failure",schemaPath:"#/properties/classes/properties/provider_failure/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err51 = {instancePath:instancePath+"/classes/provider_failure",schemaPath:"#/properties/classes/properties/provider_failure/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
}
if(data12.truncated !== undefined){
let data16 = data12.truncated;
if(!(((typeof data16 == "number") && (!(data16 % 1) && !isNaN(data16))) && (isFinite(data16)))){
const err52 = {instancePath:instancePath+"/classes/truncated",schemaPath:"#/properties/classes/properties/truncated/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if((typeof data16 == "number") && (isFinite(data16))){
if(data16 < 0 || isNaN(data16)){
const err53 = {instancePath:instancePath+"/classes/truncated",schemaPath:"#/properties/classes/properties/truncated/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data12.interrupted !== undefined){
let data17 = data12.interrupted;
if(!(((typeof data17 == "number") && (!(data17 % 1) && !isNaN(data17))) && (isFinite(data17)))){
const err54 = {instancePath:instancePath+"/classes/interrupted",schemaPath:"#/properties/classes/properties/interrupted/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
if((typeof data17 == "number") && (isFinite(data17))){
if(data17 < 0 || isNaN(data17)){
const err55 = {instancePath:instancePath+"/classes/interrupted",schemaPath:"#/properties/classes/properties/interrupted/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err56 = {instancePath:instancePath+"/classes",schemaPath:"#/properties/classes/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.knownCostUsd !== undefined){
let data18 = data.knownCostUsd;
if((!((typeof data18 == "number") && (isFinite(data18)))) && (data18 !== null)){
const err57 = {instancePath:instancePath+"/knownCostUsd",schemaPath:"#/properties/knownCostUsd/type",keyword:"type",params:{type: schema64.properties.knownCostUsd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err58 = {instancePath:instancePath+"/knownCostUsd",schemaPath:"#/properties/knownCostUsd/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.head !== undefined){
let data19 = data.head;
if(typeof data19 === "string"){
if(!pattern0.test(data19)){
const err59 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
else {
const err60 = {instancePath:instancePath+"/head",schemaPath:"#/properties/head/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data.segments !== undefined){
let data20 = data.segments;
if(Array.isArray(data20)){
const len0 = data20.length;
for(let i0=0; i0<len0; i0++){
let data21 = data20[i0];
func5(instancePath+"/segments/" + i0, data21, "run-segment");
if(typeof data21 === "string"){
if(!pattern0.test(data21)){
const err61 = {instancePath:instancePath+"/segments/" + i0,schemaPath:"#/properties/segments/items/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err62 = {instancePath:instancePath+"/segments/" + i0,schemaPath:"#/properties/segments/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err63 = {instancePath:instancePath+"/segments",schemaPath:"#/properties/segments/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
if(data.startedAt !== undefined){
let data22 = data.startedAt;
if(typeof data22 === "string"){
if(func2(data22) < 1){
const err64 = {instancePath:instancePath+"/startedAt",schemaPath:"#/properties/startedAt/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err65 = {instancePath:instancePath+"/startedAt",schemaPath:"#/properties/startedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data.sealedAt !== undefined){
let data23 = data.sealedAt;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err66 = {instancePath:instancePath+"/sealedAt",schemaPath:"#/properties/sealedAt/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/sealedAt",schemaPath:"#/properties/sealedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data.docketVersion !== undefined){
let data24 = data.docketVersion;
if(typeof data24 === "string"){
if(func2(data24) < 1){
const err68 = {instancePath:instancePath+"/docketVersion",schemaPath:"#/properties/docketVersion/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err69 = {instancePath:instancePath+"/docketVersion",schemaPath:"#/properties/docketVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data.planRecord !== undefined){
let data25 = data.planRecord;
if((typeof data25 !== "string") && (data25 !== null)){
const err70 = {instancePath:instancePath+"/planRecord",schemaPath:"#/properties/planRecord/type",keyword:"type",params:{type: schema64.properties.planRecord.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
func5(instancePath+"/planRecord", data25, "plan-record");
if(typeof data25 === "string"){
if(!pattern0.test(data25)){
const err71 = {instancePath:instancePath+"/planRecord",schemaPath:"#/properties/planRecord/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
if(data.serves !== undefined){
let data26 = data.serves;
func5(instancePath+"/serves", data26, "run");
if(typeof data26 === "string"){
if(!pattern0.test(data26)){
const err72 = {instancePath:instancePath+"/serves",schemaPath:"#/properties/serves/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/serves",schemaPath:"#/properties/serves/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
else {
const err74 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
validate33.errors = vErrors;
return errors === 0;
}

export const bundle_run_segment = validate34;
const schema65 = {"$id":"https://docket.invalid/schemas/run-segment.schema.json","title":"run-segment: up to 2000 consecutive journal lines of one run, each exactly the journaled line (its RFC 8785 form is the hashed line)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","run","first","lines"],"$defs":{"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"nullableString":{"type":["string","null"]},"message":{"type":"object","additionalProperties":false,"required":["role","content"],"properties":{"role":{"type":"string"},"content":{"type":["string","null"]},"tool_calls":{"type":"array","items":{"type":"object"},"description":"a task's history: an assistant's tool calls"},"tool_call_id":{"type":"string","description":"a task's history: the call a tool result answers"},"name":{"type":"string"}}},"request":{"oneOf":[{"$ref":"#/$defs/chatRequest"},{"$ref":"#/$defs/decisionRequest"}]},"decisionRequest":{"type":"object","additionalProperties":false,"required":["model","question_id","stem","options","answer_format"],"properties":{"model":{"type":"string"},"question_id":{"type":"string"},"stem":{"type":"string"},"options":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["id","text"],"properties":{"id":{"type":"string"},"text":{"type":"string"}}}},"answer_format":{"type":"string"}}},"decision":{"type":"object","additionalProperties":false,"required":["choice","probabilities","confidence"],"properties":{"choice":{"$ref":"#/$defs/nullableString"},"probabilities":{"oneOf":[{"type":"null"},{"type":"object","additionalProperties":{"type":"number"}}]},"confidence":{"type":["number","null"]}}},"chatRequest":{"type":"object","additionalProperties":false,"required":["model","messages","temperature","max_tokens"],"properties":{"model":{"type":"string"},"messages":{"type":"array","items":{"$ref":"#/$defs/message"}},"temperature":{"type":"number"},"max_tokens":{"type":"integer"},"seed":{"type":"integer"},"top_p":{"type":"number"},"tools":{"type":"array","items":{"type":"object"},"description":"a task's tool definitions"}}},"response":{"oneOf":[{"type":"null"},{"type":"object","additionalProperties":false,"required":["status","body"],"properties":{"status":{"type":"integer","minimum":0},"body":{"description":"the provider's parsed JSON body, as returned (secrets redacted)"}}},{"type":"object","additionalProperties":false,"required":["status","text"],"properties":{"status":{"type":"integer","minimum":0},"text":{"type":"string","description":"a non-JSON body, at most 64 KiB of it"},"truncatedFrom":{"type":"integer","minimum":0}}}]},"line":{"type":"object","additionalProperties":false,"required":["seq","prev","slot","attempt","requestHash","response","content","model","finishReason","usage","costUsd","latencyMs","errorClass","class","final"],"properties":{"seq":{"type":"integer","minimum":0},"prev":{"$ref":"#/$defs/digest"},"slot":{"type":"object","additionalProperties":false,"required":["question","permutation","repetition"],"properties":{"question":{"type":"string"},"permutation":{"type":"integer","minimum":0},"repetition":{"type":"integer","minimum":0}}},"attempt":{"type":"integer","minimum":0},"requestHash":{"$ref":"#/$defs/digest"},"request":{"$ref":"#/$defs/request"},"response":{"$ref":"#/$defs/response"},"content":{"$ref":"#/$defs/nullableString"},"model":{"$ref":"#/$defs/nullableString"},"finishReason":{"$ref":"#/$defs/nullableString"},"usage":{"description":"the provider's usage object as returned, or null"},"costUsd":{"type":["number","null"]},"latencyMs":{"type":"number","minimum":0},"errorClass":{"$ref":"#/$defs/nullableString"},"class":{"enum":["answered","invalid","provider_failure","truncated","interrupted"]},"final":{"type":"boolean"},"provider":{"type":"string","description":"the provider name the response carried, when it carried one"},"decision":{"$ref":"#/$defs/decision"}}}},"properties":{"kind":{"const":"run-segment"},"schemaVersion":{"const":1},"run":{"type":"string","pattern":"^[a-z0-9][a-z0-9._-]{0,63}$"},"first":{"type":"integer","minimum":0},"lines":{"type":"array","maxItems":2000,"items":{"$ref":"#/$defs/line"}}}};
const schema66 = {"type":"object","additionalProperties":false,"required":["seq","prev","slot","attempt","requestHash","response","content","model","finishReason","usage","costUsd","latencyMs","errorClass","class","final"],"properties":{"seq":{"type":"integer","minimum":0},"prev":{"$ref":"#/$defs/digest"},"slot":{"type":"object","additionalProperties":false,"required":["question","permutation","repetition"],"properties":{"question":{"type":"string"},"permutation":{"type":"integer","minimum":0},"repetition":{"type":"integer","minimum":0}}},"attempt":{"type":"integer","minimum":0},"requestHash":{"$ref":"#/$defs/digest"},"request":{"$ref":"#/$defs/request"},"response":{"$ref":"#/$defs/response"},"content":{"$ref":"#/$defs/nullableString"},"model":{"$ref":"#/$defs/nullableString"},"finishReason":{"$ref":"#/$defs/nullableString"},"usage":{"description":"the provider's usage object as returned, or null"},"costUsd":{"type":["number","null"]},"latencyMs":{"type":"number","minimum":0},"errorClass":{"$ref":"#/$defs/nullableString"},"class":{"enum":["answered","invalid","provider_failure","truncated","interrupted"]},"final":{"type":"boolean"},"provider":{"type":"string","description":"the provider name the response carried, when it carried one"},"decision":{"$ref":"#/$defs/decision"}}};
const schema67 = {"type":"string","pattern":"^sha256:[0-9a-f]{64}$"};
const schema73 = {"oneOf":[{"type":"null"},{"type":"object","additionalProperties":false,"required":["status","body"],"properties":{"status":{"type":"integer","minimum":0},"body":{"description":"the provider's parsed JSON body, as returned (secrets redacted)"}}},{"type":"object","additionalProperties":false,"required":["status","text"],"properties":{"status":{"type":"integer","minimum":0},"text":{"type":"string","description":"a non-JSON body, at most 64 KiB of it"},"truncatedFrom":{"type":"integer","minimum":0}}}]};
const schema74 = {"type":["string","null"]};
const schema69 = {"oneOf":[{"$ref":"#/$defs/chatRequest"},{"$ref":"#/$defs/decisionRequest"}]};
const schema72 = {"type":"object","additionalProperties":false,"required":["model","question_id","stem","options","answer_format"],"properties":{"model":{"type":"string"},"question_id":{"type":"string"},"stem":{"type":"string"},"options":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["id","text"],"properties":{"id":{"type":"string"},"text":{"type":"string"}}}},"answer_format":{"type":"string"}}};
const schema70 = {"type":"object","additionalProperties":false,"required":["model","messages","temperature","max_tokens"],"properties":{"model":{"type":"string"},"messages":{"type":"array","items":{"$ref":"#/$defs/message"}},"temperature":{"type":"number"},"max_tokens":{"type":"integer"},"seed":{"type":"integer"},"top_p":{"type":"number"},"tools":{"type":"array","items":{"type":"object"},"description":"a task's tool definitions"}}};
const schema71 = {"type":"object","additionalProperties":false,"required":["role","content"],"properties":{"role":{"type":"string"},"content":{"type":["string","null"]},"tool_calls":{"type":"array","items":{"type":"object"},"description":"a task's history: an assistant's tool calls"},"tool_call_id":{"type":"string","description":"a task's history: the call a tool result answers"},"name":{"type":"string"}}};

function validate37(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.model === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.messages === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "messages"},message:"must have required property '"+"messages"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.temperature === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "temperature"},message:"must have required property '"+"temperature"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.max_tokens === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "max_tokens"},message:"must have required property '"+"max_tokens"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(((((((key0 === "model") || (key0 === "messages")) || (key0 === "temperature")) || (key0 === "max_tokens")) || (key0 === "seed")) || (key0 === "top_p")) || (key0 === "tools"))){
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
if(data.model !== undefined){
if(typeof data.model !== "string"){
const err5 = {instancePath:instancePath+"/model",schemaPath:"#/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.messages !== undefined){
let data1 = data.messages;
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.role === undefined){
const err6 = {instancePath:instancePath+"/messages/" + i0,schemaPath:"#/$defs/message/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data2.content === undefined){
const err7 = {instancePath:instancePath+"/messages/" + i0,schemaPath:"#/$defs/message/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key1 in data2){
if(!(((((key1 === "role") || (key1 === "content")) || (key1 === "tool_calls")) || (key1 === "tool_call_id")) || (key1 === "name"))){
const err8 = {instancePath:instancePath+"/messages/" + i0,schemaPath:"#/$defs/message/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data2.role !== undefined){
if(typeof data2.role !== "string"){
const err9 = {instancePath:instancePath+"/messages/" + i0+"/role",schemaPath:"#/$defs/message/properties/role/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data2.content !== undefined){
let data4 = data2.content;
if((typeof data4 !== "string") && (data4 !== null)){
const err10 = {instancePath:instancePath+"/messages/" + i0+"/content",schemaPath:"#/$defs/message/properties/content/type",keyword:"type",params:{type: schema71.properties.content.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data2.tool_calls !== undefined){
let data5 = data2.tool_calls;
if(Array.isArray(data5)){
const len1 = data5.length;
for(let i1=0; i1<len1; i1++){
let data6 = data5[i1];
if(!(data6 && typeof data6 == "object" && !Array.isArray(data6))){
const err11 = {instancePath:instancePath+"/messages/" + i0+"/tool_calls/" + i1,schemaPath:"#/$defs/message/properties/tool_calls/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
else {
const err12 = {instancePath:instancePath+"/messages/" + i0+"/tool_calls",schemaPath:"#/$defs/message/properties/tool_calls/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data2.tool_call_id !== undefined){
if(typeof data2.tool_call_id !== "string"){
const err13 = {instancePath:instancePath+"/messages/" + i0+"/tool_call_id",schemaPath:"#/$defs/message/properties/tool_call_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data2.name !== undefined){
if(typeof data2.name !== "string"){
const err14 = {instancePath:instancePath+"/messages/" + i0+"/name",schemaPath:"#/$defs/message/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err15 = {instancePath:instancePath+"/messages/" + i0,schemaPath:"#/$defs/message/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/messages",schemaPath:"#/properties/messages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.temperature !== undefined){
let data9 = data.temperature;
if(!((typeof data9 == "number") && (isFinite(data9)))){
const err17 = {instancePath:instancePath+"/temperature",schemaPath:"#/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.max_tokens !== undefined){
let data10 = data.max_tokens;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err18 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.seed !== undefined){
let data11 = data.seed;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err19 = {instancePath:instancePath+"/seed",schemaPath:"#/properties/seed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.top_p !== undefined){
let data12 = data.top_p;
if(!((typeof data12 == "number") && (isFinite(data12)))){
const err20 = {instancePath:instancePath+"/top_p",schemaPath:"#/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.tools !== undefined){
let data13 = data.tools;
if(Array.isArray(data13)){
const len2 = data13.length;
for(let i2=0; i2<len2; i2++){
let data14 = data13[i2];
if(!(data14 && typeof data14 == "object" && !Array.isArray(data14))){
const err21 = {instancePath:instancePath+"/tools/" + i2,schemaPath:"#/properties/tools/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
}
else {
const err22 = {instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
validate37.errors = vErrors;
return errors === 0;
}


function validate36(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
const _errs0 = errors;
let valid0 = false;
let passing0 = null;
const _errs1 = errors;
if(!(validate37(data, {instancePath,parentData,parentDataProperty,rootData}))){
vErrors = vErrors === null ? validate37.errors : vErrors.concat(validate37.errors);
errors = vErrors.length;
}
var _valid0 = _errs1 === errors;
if(_valid0){
valid0 = true;
passing0 = 0;
}
const _errs2 = errors;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.model === undefined){
const err0 = {instancePath,schemaPath:"#/$defs/decisionRequest/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.question_id === undefined){
const err1 = {instancePath,schemaPath:"#/$defs/decisionRequest/required",keyword:"required",params:{missingProperty: "question_id"},message:"must have required property '"+"question_id"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.stem === undefined){
const err2 = {instancePath,schemaPath:"#/$defs/decisionRequest/required",keyword:"required",params:{missingProperty: "stem"},message:"must have required property '"+"stem"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.options === undefined){
const err3 = {instancePath,schemaPath:"#/$defs/decisionRequest/required",keyword:"required",params:{missingProperty: "options"},message:"must have required property '"+"options"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.answer_format === undefined){
const err4 = {instancePath,schemaPath:"#/$defs/decisionRequest/required",keyword:"required",params:{missingProperty: "answer_format"},message:"must have required property '"+"answer_format"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "model") || (key0 === "question_id")) || (key0 === "stem")) || (key0 === "options")) || (key0 === "answer_format"))){
const err5 = {instancePath,schemaPath:"#/$defs/decisionRequest/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.model !== undefined){
if(typeof data.model !== "string"){
const err6 = {instancePath:instancePath+"/model",schemaPath:"#/$defs/decisionRequest/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.question_id !== undefined){
if(typeof data.question_id !== "string"){
const err7 = {instancePath:instancePath+"/question_id",schemaPath:"#/$defs/decisionRequest/properties/question_id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.stem !== undefined){
if(typeof data.stem !== "string"){
const err8 = {instancePath:instancePath+"/stem",schemaPath:"#/$defs/decisionRequest/properties/stem/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.options !== undefined){
let data3 = data.options;
if(Array.isArray(data3)){
const len0 = data3.length;
for(let i0=0; i0<len0; i0++){
let data4 = data3[i0];
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.id === undefined){
const err9 = {instancePath:instancePath+"/options/" + i0,schemaPath:"#/$defs/decisionRequest/properties/options/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data4.text === undefined){
const err10 = {instancePath:instancePath+"/options/" + i0,schemaPath:"#/$defs/decisionRequest/properties/options/items/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key1 in data4){
if(!((key1 === "id") || (key1 === "text"))){
const err11 = {instancePath:instancePath+"/options/" + i0,schemaPath:"#/$defs/decisionRequest/properties/options/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data4.id !== undefined){
if(typeof data4.id !== "string"){
const err12 = {instancePath:instancePath+"/options/" + i0+"/id",schemaPath:"#/$defs/decisionRequest/properties/options/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data4.text !== undefined){
if(typeof data4.text !== "string"){
const err13 = {instancePath:instancePath+"/options/" + i0+"/text",schemaPath:"#/$defs/decisionRequest/properties/options/items/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/options/" + i0,schemaPath:"#/$defs/decisionRequest/properties/options/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err15 = {instancePath:instancePath+"/options",schemaPath:"#/$defs/decisionRequest/properties/options/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.answer_format !== undefined){
if(typeof data.answer_format !== "string"){
const err16 = {instancePath:instancePath+"/answer_format",schemaPath:"#/$defs/decisionRequest/properties/answer_format/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/$defs/decisionRequest/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
var _valid0 = _errs2 === errors;
if(_valid0 && valid0){
valid0 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid0 = true;
passing0 = 1;
}
}
if(!valid0){
const err18 = {instancePath,schemaPath:"#/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
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
validate36.errors = vErrors;
return errors === 0;
}

const schema78 = {"type":"object","additionalProperties":false,"required":["choice","probabilities","confidence"],"properties":{"choice":{"$ref":"#/$defs/nullableString"},"probabilities":{"oneOf":[{"type":"null"},{"type":"object","additionalProperties":{"type":"number"}}]},"confidence":{"type":["number","null"]}}};

function validate40(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.choice === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "choice"},message:"must have required property '"+"choice"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.probabilities === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "probabilities"},message:"must have required property '"+"probabilities"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.confidence === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "confidence"},message:"must have required property '"+"confidence"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((key0 === "choice") || (key0 === "probabilities")) || (key0 === "confidence"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.choice !== undefined){
let data0 = data.choice;
if((typeof data0 !== "string") && (data0 !== null)){
const err4 = {instancePath:instancePath+"/choice",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.probabilities !== undefined){
let data1 = data.probabilities;
const _errs6 = errors;
let valid2 = false;
let passing0 = null;
const _errs7 = errors;
if(data1 !== null){
const err5 = {instancePath:instancePath+"/probabilities",schemaPath:"#/properties/probabilities/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
var _valid0 = _errs7 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs9 = errors;
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
for(const key1 in data1){
let data2 = data1[key1];
if(!((typeof data2 == "number") && (isFinite(data2)))){
const err6 = {instancePath:instancePath+"/probabilities/" + key1.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/probabilities/oneOf/1/additionalProperties/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
}
else {
const err7 = {instancePath:instancePath+"/probabilities",schemaPath:"#/properties/probabilities/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
var _valid0 = _errs9 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
}
if(!valid2){
const err8 = {instancePath:instancePath+"/probabilities",schemaPath:"#/properties/probabilities/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
else {
errors = _errs6;
if(vErrors !== null){
if(_errs6){
vErrors.length = _errs6;
}
else {
vErrors = null;
}
}
}
}
if(data.confidence !== undefined){
let data3 = data.confidence;
if((!((typeof data3 == "number") && (isFinite(data3)))) && (data3 !== null)){
const err9 = {instancePath:instancePath+"/confidence",schemaPath:"#/properties/confidence/type",keyword:"type",params:{type: schema78.properties.confidence.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
}
else {
const err10 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
validate40.errors = vErrors;
return errors === 0;
}


function validate35(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.seq === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.prev === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prev"},message:"must have required property '"+"prev"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.slot === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "slot"},message:"must have required property '"+"slot"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.attempt === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempt"},message:"must have required property '"+"attempt"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.requestHash === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requestHash"},message:"must have required property '"+"requestHash"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.response === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "response"},message:"must have required property '"+"response"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.content === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.model === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.finishReason === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "finishReason"},message:"must have required property '"+"finishReason"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.usage === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "usage"},message:"must have required property '"+"usage"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.costUsd === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "costUsd"},message:"must have required property '"+"costUsd"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.latencyMs === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "latencyMs"},message:"must have required property '"+"latencyMs"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.errorClass === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "errorClass"},message:"must have required property '"+"errorClass"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.class === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "class"},message:"must have required property '"+"class"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.final === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "final"},message:"must have required property '"+"final"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema66.properties, key0))){
const err15 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.seq !== undefined){
let data0 = data.seq;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err16 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err17 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.prev !== undefined){
let data1 = data.prev;
if(typeof data1 === "string"){
if(!pattern0.test(data1)){
const err18 = {instancePath:instancePath+"/prev",schemaPath:"#/$defs/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err19 = {instancePath:instancePath+"/prev",schemaPath:"#/$defs/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.slot !== undefined){
let data2 = data.slot;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.question === undefined){
const err20 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/required",keyword:"required",params:{missingProperty: "question"},message:"must have required property '"+"question"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data2.permutation === undefined){
const err21 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/required",keyword:"required",params:{missingProperty: "permutation"},message:"must have required property '"+"permutation"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data2.repetition === undefined){
const err22 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/required",keyword:"required",params:{missingProperty: "repetition"},message:"must have required property '"+"repetition"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key1 in data2){
if(!(((key1 === "question") || (key1 === "permutation")) || (key1 === "repetition"))){
const err23 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data2.question !== undefined){
if(typeof data2.question !== "string"){
const err24 = {instancePath:instancePath+"/slot/question",schemaPath:"#/properties/slot/properties/question/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data2.permutation !== undefined){
let data4 = data2.permutation;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err25 = {instancePath:instancePath+"/slot/permutation",schemaPath:"#/properties/slot/properties/permutation/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err26 = {instancePath:instancePath+"/slot/permutation",schemaPath:"#/properties/slot/properties/permutation/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data2.repetition !== undefined){
let data5 = data2.repetition;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err27 = {instancePath:instancePath+"/slot/repetition",schemaPath:"#/properties/slot/properties/repetition/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err28 = {instancePath:instancePath+"/slot/repetition",schemaPath:"#/properties/slot/properties/repetition/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err29 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.attempt !== undefined){
let data6 = data.attempt;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err30 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
const err31 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.requestHash !== undefined){
let data7 = data.requestHash;
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err32 = {instancePath:instancePath+"/requestHash",schemaPath:"#/$defs/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err33 = {instancePath:instancePath+"/requestHash",schemaPath:"#/$defs/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.request !== undefined){
if(!(validate36(data.request, {instancePath:instancePath+"/request",parentData:data,parentDataProperty:"request",rootData}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
}
if(data.response !== undefined){
let data9 = data.response;
const _errs24 = errors;
let valid5 = false;
let passing0 = null;
const _errs25 = errors;
if(data9 !== null){
const err34 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid0 = _errs25 === errors;
if(_valid0){
valid5 = true;
passing0 = 0;
}
const _errs27 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.status === undefined){
const err35 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data9.body === undefined){
const err36 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
for(const key2 in data9){
if(!((key2 === "status") || (key2 === "body"))){
const err37 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data9.status !== undefined){
let data10 = data9.status;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err38 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/1/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err39 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/1/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err40 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var _valid0 = _errs27 === errors;
if(_valid0 && valid5){
valid5 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid5 = true;
passing0 = 1;
}
const _errs32 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.status === undefined){
const err41 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data9.text === undefined){
const err42 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
for(const key3 in data9){
if(!(((key3 === "status") || (key3 === "text")) || (key3 === "truncatedFrom"))){
const err43 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data9.status !== undefined){
let data11 = data9.status;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err44 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/2/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err45 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/2/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data9.text !== undefined){
if(typeof data9.text !== "string"){
const err46 = {instancePath:instancePath+"/response/text",schemaPath:"#/$defs/response/oneOf/2/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data9.truncatedFrom !== undefined){
let data13 = data9.truncatedFrom;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err47 = {instancePath:instancePath+"/response/truncatedFrom",schemaPath:"#/$defs/response/oneOf/2/properties/truncatedFrom/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err48 = {instancePath:instancePath+"/response/truncatedFrom",schemaPath:"#/$defs/response/oneOf/2/properties/truncatedFrom/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
}
else {
const err49 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
var _valid0 = _errs32 === errors;
if(_valid0 && valid5){
valid5 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid5 = true;
passing0 = 2;
}
}
}
if(!valid5){
const err50 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
else {
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
}
if(data.content !== undefined){
let data14 = data.content;
if((typeof data14 !== "string") && (data14 !== null)){
const err51 = {instancePath:instancePath+"/content",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.model !== undefined){
let data15 = data.model;
if((typeof data15 !== "string") && (data15 !== null)){
const err52 = {instancePath:instancePath+"/model",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.finishReason !== undefined){
let data16 = data.finishReason;
if((typeof data16 !== "string") && (data16 !== null)){
const err53 = {instancePath:instancePath+"/finishReason",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.costUsd !== undefined){
let data17 = data.costUsd;
if((!((typeof data17 == "number") && (isFinite(data17)))) && (data17 !== null)){
const err54 = {instancePath:instancePath+"/costUsd",schemaPath:"#/properties/costUsd/type",keyword:"type",params:{type: schema66.properties.costUsd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.latencyMs !== undefined){
let data18 = data.latencyMs;
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err55 = {instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.errorClass !== undefined){
let data19 = data.errorClass;
if((typeof data19 !== "string") && (data19 !== null)){
const err57 = {instancePath:instancePath+"/errorClass",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.class !== undefined){
let data20 = data.class;
if(!(((((data20 === "answered") || (data20 === "invalid")) || (data20 === "provider_failure")) || (data20 === "truncated")) || (data20 === "interrupted"))){
const err58 = {instancePath:instancePath+"/class",schemaPath:"#/properties/class/enum",keyword:"enum",params:{allowedValues: schema66.properties.class.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.final !== undefined){
if(typeof data.final !== "boolean"){
const err59 = {instancePath:instancePath+"/final",schemaPath:"#/properties/final/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.provider !== undefined){
if(typeof data.provider !== "string"){
const err60 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data.decision !== undefined){
if(!(validate40(data.decision, {instancePath:instancePath+"/decision",parentData:data,parentDataProperty:"decision",rootData}))){
vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);
errors = vErrors.length;
}
}
}
else {
const err61 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
validate35.errors = vErrors;
return errors === 0;
}


function validate34(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/run-segment.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.run === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "run"},message:"must have required property '"+"run"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.first === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "first"},message:"must have required property '"+"first"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.lines === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "lines"},message:"must have required property '"+"lines"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "run")) || (key0 === "first")) || (key0 === "lines"))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.kind !== undefined){
if("run-segment" !== data.kind){
const err6 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "run-segment"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err7 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.run !== undefined){
let data2 = data.run;
if(typeof data2 === "string"){
if(!pattern30.test(data2)){
const err8 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9._-]{0,63}$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9._-]{0,63}$"+"\""};
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
const err9 = {instancePath:instancePath+"/run",schemaPath:"#/properties/run/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.first !== undefined){
let data3 = data.first;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err10 = {instancePath:instancePath+"/first",schemaPath:"#/properties/first/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 < 0 || isNaN(data3)){
const err11 = {instancePath:instancePath+"/first",schemaPath:"#/properties/first/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
}
if(data.lines !== undefined){
let data4 = data.lines;
if(Array.isArray(data4)){
if(data4.length > 2000){
const err12 = {instancePath:instancePath+"/lines",schemaPath:"#/properties/lines/maxItems",keyword:"maxItems",params:{limit: 2000},message:"must NOT have more than 2000 items"};
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
if(!(validate35(data4[i0], {instancePath:instancePath+"/lines/" + i0,parentData:data4,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate35.errors : vErrors.concat(validate35.errors);
errors = vErrors.length;
}
}
}
else {
const err13 = {instancePath:instancePath+"/lines",schemaPath:"#/properties/lines/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
validate34.errors = vErrors;
return errors === 0;
}

export const bundle_source = validate43;
const schema80 = {"$id":"https://docket.invalid/schemas/source.schema.json","title":"source: a snapshot of one source eval's file tree","type":"object","additionalProperties":false,"required":["kind","schemaVersion","sourceEval","exclude","entries","treeDigest"],"properties":{"kind":{"const":"source"},"schemaVersion":{"const":1},"sourceEval":{"type":"string","pattern":"^[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+/[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+$","description":"<category>/<eval>: the folders' own names, neither holding a separator or a control character"},"exclude":{"type":"object","additionalProperties":false,"required":["dirs","files"],"properties":{"dirs":{"type":"array","items":{"type":"string"}},"files":{"type":"array","items":{"type":"string"}}}},"entries":{"type":"array","items":{"oneOf":[{"type":"object","additionalProperties":false,"required":["path","type","mode","size","digest","encoding","content"],"properties":{"path":{"type":"string","minLength":1},"type":{"const":"file"},"mode":{"enum":[420,493]},"size":{"type":"integer","minimum":0},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"encoding":{"enum":["utf8","base64"]},"content":{"type":"string"}}},{"type":"object","additionalProperties":false,"required":["path","type","target"],"properties":{"path":{"type":"string","minLength":1},"type":{"const":"symlink"},"target":{"type":"string"}}}]}},"treeDigest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"allowedDenied":{"description":"denied paths stored because the bank config names them (content.include)","type":"array","minItems":1,"items":{"type":"object","additionalProperties":false,"required":["path","rule"],"properties":{"path":{"type":"string","minLength":1},"rule":{"type":"string"}}}},"allowedSecrets":{"description":"secret-scanner hits the bank config allows (content.allowSecrets), by path, line, rule and the digest of the matched text","type":"array","minItems":1,"items":{"type":"object","additionalProperties":false,"required":["path","line","rule","digest"],"properties":{"path":{"type":"string","minLength":1},"line":{"type":"integer","minimum":1},"rule":{"type":"string"},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}}}}};
const pattern95 = func6("^[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+/[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+$", "u");

function validate43(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/source.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.sourceEval === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.exclude === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "exclude"},message:"must have required property '"+"exclude"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.entries === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.treeDigest === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "treeDigest"},message:"must have required property '"+"treeDigest"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "sourceEval")) || (key0 === "exclude")) || (key0 === "entries")) || (key0 === "treeDigest")) || (key0 === "allowedDenied")) || (key0 === "allowedSecrets"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.kind !== undefined){
if("source" !== data.kind){
const err7 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "source"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err8 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.sourceEval !== undefined){
let data2 = data.sourceEval;
if(typeof data2 === "string"){
if(!pattern95.test(data2)){
const err9 = {instancePath:instancePath+"/sourceEval",schemaPath:"#/properties/sourceEval/pattern",keyword:"pattern",params:{pattern: "^[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+/[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+$"},message:"must match pattern \""+"^[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+/[^/\\\\\\u0000-\\u001f\\u007f-\\u009f]+$"+"\""};
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
const err10 = {instancePath:instancePath+"/sourceEval",schemaPath:"#/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.exclude !== undefined){
let data3 = data.exclude;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.dirs === undefined){
const err11 = {instancePath:instancePath+"/exclude",schemaPath:"#/properties/exclude/required",keyword:"required",params:{missingProperty: "dirs"},message:"must have required property '"+"dirs"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data3.files === undefined){
const err12 = {instancePath:instancePath+"/exclude",schemaPath:"#/properties/exclude/required",keyword:"required",params:{missingProperty: "files"},message:"must have required property '"+"files"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key1 in data3){
if(!((key1 === "dirs") || (key1 === "files"))){
const err13 = {instancePath:instancePath+"/exclude",schemaPath:"#/properties/exclude/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data3.dirs !== undefined){
let data4 = data3.dirs;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
if(typeof data4[i0] !== "string"){
const err14 = {instancePath:instancePath+"/exclude/dirs/" + i0,schemaPath:"#/properties/exclude/properties/dirs/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err15 = {instancePath:instancePath+"/exclude/dirs",schemaPath:"#/properties/exclude/properties/dirs/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data3.files !== undefined){
let data6 = data3.files;
if(Array.isArray(data6)){
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
if(typeof data6[i1] !== "string"){
const err16 = {instancePath:instancePath+"/exclude/files/" + i1,schemaPath:"#/properties/exclude/properties/files/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/exclude/files",schemaPath:"#/properties/exclude/properties/files/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err18 = {instancePath:instancePath+"/exclude",schemaPath:"#/properties/exclude/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.entries !== undefined){
let data8 = data.entries;
if(Array.isArray(data8)){
const len2 = data8.length;
for(let i2=0; i2<len2; i2++){
let data9 = data8[i2];
const _errs20 = errors;
let valid8 = false;
let passing0 = null;
const _errs21 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.path === undefined){
const err19 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data9.type === undefined){
const err20 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data9.mode === undefined){
const err21 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/required",keyword:"required",params:{missingProperty: "mode"},message:"must have required property '"+"mode"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data9.size === undefined){
const err22 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data9.digest === undefined){
const err23 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data9.encoding === undefined){
const err24 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/required",keyword:"required",params:{missingProperty: "encoding"},message:"must have required property '"+"encoding"+"'"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data9.content === undefined){
const err25 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
for(const key2 in data9){
if(!(((((((key2 === "path") || (key2 === "type")) || (key2 === "mode")) || (key2 === "size")) || (key2 === "digest")) || (key2 === "encoding")) || (key2 === "content"))){
const err26 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data9.path !== undefined){
let data10 = data9.path;
if(typeof data10 === "string"){
if(func2(data10) < 1){
const err27 = {instancePath:instancePath+"/entries/" + i2+"/path",schemaPath:"#/properties/entries/items/oneOf/0/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err28 = {instancePath:instancePath+"/entries/" + i2+"/path",schemaPath:"#/properties/entries/items/oneOf/0/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data9.type !== undefined){
if("file" !== data9.type){
const err29 = {instancePath:instancePath+"/entries/" + i2+"/type",schemaPath:"#/properties/entries/items/oneOf/0/properties/type/const",keyword:"const",params:{allowedValue: "file"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data9.mode !== undefined){
let data12 = data9.mode;
if(!((data12 === 420) || (data12 === 493))){
const err30 = {instancePath:instancePath+"/entries/" + i2+"/mode",schemaPath:"#/properties/entries/items/oneOf/0/properties/mode/enum",keyword:"enum",params:{allowedValues: schema80.properties.entries.items.oneOf[0].properties.mode.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
if(data9.size !== undefined){
let data13 = data9.size;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err31 = {instancePath:instancePath+"/entries/" + i2+"/size",schemaPath:"#/properties/entries/items/oneOf/0/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err32 = {instancePath:instancePath+"/entries/" + i2+"/size",schemaPath:"#/properties/entries/items/oneOf/0/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data9.digest !== undefined){
let data14 = data9.digest;
if(typeof data14 === "string"){
if(!pattern0.test(data14)){
const err33 = {instancePath:instancePath+"/entries/" + i2+"/digest",schemaPath:"#/properties/entries/items/oneOf/0/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err34 = {instancePath:instancePath+"/entries/" + i2+"/digest",schemaPath:"#/properties/entries/items/oneOf/0/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data9.encoding !== undefined){
let data15 = data9.encoding;
if(!((data15 === "utf8") || (data15 === "base64"))){
const err35 = {instancePath:instancePath+"/entries/" + i2+"/encoding",schemaPath:"#/properties/entries/items/oneOf/0/properties/encoding/enum",keyword:"enum",params:{allowedValues: schema80.properties.entries.items.oneOf[0].properties.encoding.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data9.content !== undefined){
if(typeof data9.content !== "string"){
const err36 = {instancePath:instancePath+"/entries/" + i2+"/content",schemaPath:"#/properties/entries/items/oneOf/0/properties/content/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err37 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
var _valid0 = _errs21 === errors;
if(_valid0){
valid8 = true;
passing0 = 0;
}
const _errs35 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.path === undefined){
const err38 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/1/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data9.type === undefined){
const err39 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/1/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
if(data9.target === undefined){
const err40 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/1/required",keyword:"required",params:{missingProperty: "target"},message:"must have required property '"+"target"+"'"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
for(const key3 in data9){
if(!(((key3 === "path") || (key3 === "type")) || (key3 === "target"))){
const err41 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
if(data9.path !== undefined){
let data17 = data9.path;
if(typeof data17 === "string"){
if(func2(data17) < 1){
const err42 = {instancePath:instancePath+"/entries/" + i2+"/path",schemaPath:"#/properties/entries/items/oneOf/1/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err43 = {instancePath:instancePath+"/entries/" + i2+"/path",schemaPath:"#/properties/entries/items/oneOf/1/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data9.type !== undefined){
if("symlink" !== data9.type){
const err44 = {instancePath:instancePath+"/entries/" + i2+"/type",schemaPath:"#/properties/entries/items/oneOf/1/properties/type/const",keyword:"const",params:{allowedValue: "symlink"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data9.target !== undefined){
if(typeof data9.target !== "string"){
const err45 = {instancePath:instancePath+"/entries/" + i2+"/target",schemaPath:"#/properties/entries/items/oneOf/1/properties/target/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err46 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
var _valid0 = _errs35 === errors;
if(_valid0 && valid8){
valid8 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid8 = true;
passing0 = 1;
}
}
if(!valid8){
const err47 = {instancePath:instancePath+"/entries/" + i2,schemaPath:"#/properties/entries/items/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
else {
errors = _errs20;
if(vErrors !== null){
if(_errs20){
vErrors.length = _errs20;
}
else {
vErrors = null;
}
}
}
}
}
else {
const err48 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
if(data.treeDigest !== undefined){
let data20 = data.treeDigest;
if(typeof data20 === "string"){
if(!pattern0.test(data20)){
const err49 = {instancePath:instancePath+"/treeDigest",schemaPath:"#/properties/treeDigest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err50 = {instancePath:instancePath+"/treeDigest",schemaPath:"#/properties/treeDigest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data.allowedDenied !== undefined){
let data21 = data.allowedDenied;
if(Array.isArray(data21)){
if(data21.length < 1){
const err51 = {instancePath:instancePath+"/allowedDenied",schemaPath:"#/properties/allowedDenied/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
const len3 = data21.length;
for(let i3=0; i3<len3; i3++){
let data22 = data21[i3];
if(data22 && typeof data22 == "object" && !Array.isArray(data22)){
if(data22.path === undefined){
const err52 = {instancePath:instancePath+"/allowedDenied/" + i3,schemaPath:"#/properties/allowedDenied/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(data22.rule === undefined){
const err53 = {instancePath:instancePath+"/allowedDenied/" + i3,schemaPath:"#/properties/allowedDenied/items/required",keyword:"required",params:{missingProperty: "rule"},message:"must have required property '"+"rule"+"'"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
for(const key4 in data22){
if(!((key4 === "path") || (key4 === "rule"))){
const err54 = {instancePath:instancePath+"/allowedDenied/" + i3,schemaPath:"#/properties/allowedDenied/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data22.path !== undefined){
let data23 = data22.path;
if(typeof data23 === "string"){
if(func2(data23) < 1){
const err55 = {instancePath:instancePath+"/allowedDenied/" + i3+"/path",schemaPath:"#/properties/allowedDenied/items/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/allowedDenied/" + i3+"/path",schemaPath:"#/properties/allowedDenied/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data22.rule !== undefined){
if(typeof data22.rule !== "string"){
const err57 = {instancePath:instancePath+"/allowedDenied/" + i3+"/rule",schemaPath:"#/properties/allowedDenied/items/properties/rule/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
}
else {
const err58 = {instancePath:instancePath+"/allowedDenied/" + i3,schemaPath:"#/properties/allowedDenied/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err59 = {instancePath:instancePath+"/allowedDenied",schemaPath:"#/properties/allowedDenied/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.allowedSecrets !== undefined){
let data25 = data.allowedSecrets;
if(Array.isArray(data25)){
if(data25.length < 1){
const err60 = {instancePath:instancePath+"/allowedSecrets",schemaPath:"#/properties/allowedSecrets/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
const len4 = data25.length;
for(let i4=0; i4<len4; i4++){
let data26 = data25[i4];
if(data26 && typeof data26 == "object" && !Array.isArray(data26)){
if(data26.path === undefined){
const err61 = {instancePath:instancePath+"/allowedSecrets/" + i4,schemaPath:"#/properties/allowedSecrets/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
if(data26.line === undefined){
const err62 = {instancePath:instancePath+"/allowedSecrets/" + i4,schemaPath:"#/properties/allowedSecrets/items/required",keyword:"required",params:{missingProperty: "line"},message:"must have required property '"+"line"+"'"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(data26.rule === undefined){
const err63 = {instancePath:instancePath+"/allowedSecrets/" + i4,schemaPath:"#/properties/allowedSecrets/items/required",keyword:"required",params:{missingProperty: "rule"},message:"must have required property '"+"rule"+"'"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
if(data26.digest === undefined){
const err64 = {instancePath:instancePath+"/allowedSecrets/" + i4,schemaPath:"#/properties/allowedSecrets/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
for(const key5 in data26){
if(!((((key5 === "path") || (key5 === "line")) || (key5 === "rule")) || (key5 === "digest"))){
const err65 = {instancePath:instancePath+"/allowedSecrets/" + i4,schemaPath:"#/properties/allowedSecrets/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data26.path !== undefined){
let data27 = data26.path;
if(typeof data27 === "string"){
if(func2(data27) < 1){
const err66 = {instancePath:instancePath+"/allowedSecrets/" + i4+"/path",schemaPath:"#/properties/allowedSecrets/items/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
else {
const err67 = {instancePath:instancePath+"/allowedSecrets/" + i4+"/path",schemaPath:"#/properties/allowedSecrets/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
if(data26.line !== undefined){
let data28 = data26.line;
if(!(((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28))) && (isFinite(data28)))){
const err68 = {instancePath:instancePath+"/allowedSecrets/" + i4+"/line",schemaPath:"#/properties/allowedSecrets/items/properties/line/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if((typeof data28 == "number") && (isFinite(data28))){
if(data28 < 1 || isNaN(data28)){
const err69 = {instancePath:instancePath+"/allowedSecrets/" + i4+"/line",schemaPath:"#/properties/allowedSecrets/items/properties/line/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data26.rule !== undefined){
if(typeof data26.rule !== "string"){
const err70 = {instancePath:instancePath+"/allowedSecrets/" + i4+"/rule",schemaPath:"#/properties/allowedSecrets/items/properties/rule/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
}
if(data26.digest !== undefined){
let data30 = data26.digest;
if(typeof data30 === "string"){
if(!pattern0.test(data30)){
const err71 = {instancePath:instancePath+"/allowedSecrets/" + i4+"/digest",schemaPath:"#/properties/allowedSecrets/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err72 = {instancePath:instancePath+"/allowedSecrets/" + i4+"/digest",schemaPath:"#/properties/allowedSecrets/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
}
else {
const err73 = {instancePath:instancePath+"/allowedSecrets/" + i4,schemaPath:"#/properties/allowedSecrets/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
else {
const err74 = {instancePath:instancePath+"/allowedSecrets",schemaPath:"#/properties/allowedSecrets/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err75 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
validate43.errors = vErrors;
return errors === 0;
}

export const bundle_task = validate44;
const schema81 = {"$id":"https://docket.invalid/schemas/task.schema.json","title":"task: one free-form (answer) or execution (exec) task, its prompt read, naming its source snapshot","type":"object","additionalProperties":false,"required":["kind","schemaVersion","task","source"],"properties":{"kind":{"const":"task"},"schemaVersion":{"const":1},"task":{"type":"object","additionalProperties":false,"required":["id","kind","sourceEval","prompt","max_tokens","graders"],"properties":{"id":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$"},"kind":{"enum":["answer","exec"]},"sourceEval":{"type":"string"},"prompt":{"oneOf":[{"type":"null"},{"type":"object","additionalProperties":false,"required":["text"],"properties":{"text":{"type":"string"},"file":{"type":"string"}}}]},"system":{"type":"string"},"messages":{"type":"array","items":{"type":"object"}},"tools":{"type":"array","items":{"type":"object"}},"max_tokens":{"type":"integer","minimum":1},"graders":{"type":"array","minItems":1,"items":{"type":"object","additionalProperties":false,"required":["ref","weight","params"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$"},"weight":{"type":"number","minimum":0},"params":{"type":"object"}}}}}},"source":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","bundleRef":"source"}}};

function validate44(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/task.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.task === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "task"},message:"must have required property '"+"task"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.source === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "source"},message:"must have required property '"+"source"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "task")) || (key0 === "source"))){
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
if(data.kind !== undefined){
if("task" !== data.kind){
const err5 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "task"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err6 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.task !== undefined){
let data2 = data.task;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.id === undefined){
const err7 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data2.kind === undefined){
const err8 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data2.sourceEval === undefined){
const err9 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data2.prompt === undefined){
const err10 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "prompt"},message:"must have required property '"+"prompt"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data2.max_tokens === undefined){
const err11 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "max_tokens"},message:"must have required property '"+"max_tokens"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data2.graders === undefined){
const err12 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/required",keyword:"required",params:{missingProperty: "graders"},message:"must have required property '"+"graders"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
for(const key1 in data2){
if(!(func10.call(schema81.properties.task.properties, key1))){
const err13 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data2.id !== undefined){
let data3 = data2.id;
if(typeof data3 === "string"){
if(!pattern81.test(data3)){
const err14 = {instancePath:instancePath+"/task/id",schemaPath:"#/properties/task/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9]+(-[a-z0-9]+)*$"},message:"must match pattern \""+"^[a-z0-9]+(-[a-z0-9]+)*$"+"\""};
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
const err15 = {instancePath:instancePath+"/task/id",schemaPath:"#/properties/task/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data2.kind !== undefined){
let data4 = data2.kind;
if(!((data4 === "answer") || (data4 === "exec"))){
const err16 = {instancePath:instancePath+"/task/kind",schemaPath:"#/properties/task/properties/kind/enum",keyword:"enum",params:{allowedValues: schema81.properties.task.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data2.sourceEval !== undefined){
if(typeof data2.sourceEval !== "string"){
const err17 = {instancePath:instancePath+"/task/sourceEval",schemaPath:"#/properties/task/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data2.prompt !== undefined){
let data6 = data2.prompt;
const _errs13 = errors;
let valid2 = false;
let passing0 = null;
const _errs14 = errors;
if(data6 !== null){
const err18 = {instancePath:instancePath+"/task/prompt",schemaPath:"#/properties/task/properties/prompt/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
var _valid0 = _errs14 === errors;
if(_valid0){
valid2 = true;
passing0 = 0;
}
const _errs16 = errors;
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.text === undefined){
const err19 = {instancePath:instancePath+"/task/prompt",schemaPath:"#/properties/task/properties/prompt/oneOf/1/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
for(const key2 in data6){
if(!((key2 === "text") || (key2 === "file"))){
const err20 = {instancePath:instancePath+"/task/prompt",schemaPath:"#/properties/task/properties/prompt/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data6.text !== undefined){
if(typeof data6.text !== "string"){
const err21 = {instancePath:instancePath+"/task/prompt/text",schemaPath:"#/properties/task/properties/prompt/oneOf/1/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.file !== undefined){
if(typeof data6.file !== "string"){
const err22 = {instancePath:instancePath+"/task/prompt/file",schemaPath:"#/properties/task/properties/prompt/oneOf/1/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/task/prompt",schemaPath:"#/properties/task/properties/prompt/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
var _valid0 = _errs16 === errors;
if(_valid0 && valid2){
valid2 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid2 = true;
passing0 = 1;
}
}
if(!valid2){
const err24 = {instancePath:instancePath+"/task/prompt",schemaPath:"#/properties/task/properties/prompt/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
else {
errors = _errs13;
if(vErrors !== null){
if(_errs13){
vErrors.length = _errs13;
}
else {
vErrors = null;
}
}
}
}
if(data2.system !== undefined){
if(typeof data2.system !== "string"){
const err25 = {instancePath:instancePath+"/task/system",schemaPath:"#/properties/task/properties/system/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data2.messages !== undefined){
let data10 = data2.messages;
if(Array.isArray(data10)){
const len0 = data10.length;
for(let i0=0; i0<len0; i0++){
let data11 = data10[i0];
if(!(data11 && typeof data11 == "object" && !Array.isArray(data11))){
const err26 = {instancePath:instancePath+"/task/messages/" + i0,schemaPath:"#/properties/task/properties/messages/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err27 = {instancePath:instancePath+"/task/messages",schemaPath:"#/properties/task/properties/messages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data2.tools !== undefined){
let data12 = data2.tools;
if(Array.isArray(data12)){
const len1 = data12.length;
for(let i1=0; i1<len1; i1++){
let data13 = data12[i1];
if(!(data13 && typeof data13 == "object" && !Array.isArray(data13))){
const err28 = {instancePath:instancePath+"/task/tools/" + i1,schemaPath:"#/properties/task/properties/tools/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err29 = {instancePath:instancePath+"/task/tools",schemaPath:"#/properties/task/properties/tools/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data2.max_tokens !== undefined){
let data14 = data2.max_tokens;
if(!(((typeof data14 == "number") && (!(data14 % 1) && !isNaN(data14))) && (isFinite(data14)))){
const err30 = {instancePath:instancePath+"/task/max_tokens",schemaPath:"#/properties/task/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if((typeof data14 == "number") && (isFinite(data14))){
if(data14 < 1 || isNaN(data14)){
const err31 = {instancePath:instancePath+"/task/max_tokens",schemaPath:"#/properties/task/properties/max_tokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data2.graders !== undefined){
let data15 = data2.graders;
if(Array.isArray(data15)){
if(data15.length < 1){
const err32 = {instancePath:instancePath+"/task/graders",schemaPath:"#/properties/task/properties/graders/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const len2 = data15.length;
for(let i2=0; i2<len2; i2++){
let data16 = data15[i2];
if(data16 && typeof data16 == "object" && !Array.isArray(data16)){
if(data16.ref === undefined){
const err33 = {instancePath:instancePath+"/task/graders/" + i2,schemaPath:"#/properties/task/properties/graders/items/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data16.weight === undefined){
const err34 = {instancePath:instancePath+"/task/graders/" + i2,schemaPath:"#/properties/task/properties/graders/items/required",keyword:"required",params:{missingProperty: "weight"},message:"must have required property '"+"weight"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data16.params === undefined){
const err35 = {instancePath:instancePath+"/task/graders/" + i2,schemaPath:"#/properties/task/properties/graders/items/required",keyword:"required",params:{missingProperty: "params"},message:"must have required property '"+"params"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
for(const key3 in data16){
if(!(((key3 === "ref") || (key3 === "weight")) || (key3 === "params"))){
const err36 = {instancePath:instancePath+"/task/graders/" + i2,schemaPath:"#/properties/task/properties/graders/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data16.ref !== undefined){
let data17 = data16.ref;
if(typeof data17 === "string"){
if(!pattern19.test(data17)){
const err37 = {instancePath:instancePath+"/task/graders/" + i2+"/ref",schemaPath:"#/properties/task/properties/graders/items/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
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
const err38 = {instancePath:instancePath+"/task/graders/" + i2+"/ref",schemaPath:"#/properties/task/properties/graders/items/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
if(data16.weight !== undefined){
let data18 = data16.weight;
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err39 = {instancePath:instancePath+"/task/graders/" + i2+"/weight",schemaPath:"#/properties/task/properties/graders/items/properties/weight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
else {
const err40 = {instancePath:instancePath+"/task/graders/" + i2+"/weight",schemaPath:"#/properties/task/properties/graders/items/properties/weight/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data16.params !== undefined){
let data19 = data16.params;
if(!(data19 && typeof data19 == "object" && !Array.isArray(data19))){
const err41 = {instancePath:instancePath+"/task/graders/" + i2+"/params",schemaPath:"#/properties/task/properties/graders/items/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err42 = {instancePath:instancePath+"/task/graders/" + i2,schemaPath:"#/properties/task/properties/graders/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err43 = {instancePath:instancePath+"/task/graders",schemaPath:"#/properties/task/properties/graders/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err44 = {instancePath:instancePath+"/task",schemaPath:"#/properties/task/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data.source !== undefined){
let data20 = data.source;
func5(instancePath+"/source", data20, "source");
if(typeof data20 === "string"){
if(!pattern0.test(data20)){
const err45 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/source",schemaPath:"#/properties/source/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
validate44.errors = vErrors;
return errors === 0;
}

export const definition_run_segment_line = validate45;

function validate45(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.seq === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "seq"},message:"must have required property '"+"seq"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.prev === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "prev"},message:"must have required property '"+"prev"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.slot === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "slot"},message:"must have required property '"+"slot"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.attempt === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "attempt"},message:"must have required property '"+"attempt"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.requestHash === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "requestHash"},message:"must have required property '"+"requestHash"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.response === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "response"},message:"must have required property '"+"response"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.content === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "content"},message:"must have required property '"+"content"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.model === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(data.finishReason === undefined){
const err8 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "finishReason"},message:"must have required property '"+"finishReason"+"'"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(data.usage === undefined){
const err9 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "usage"},message:"must have required property '"+"usage"+"'"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(data.costUsd === undefined){
const err10 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "costUsd"},message:"must have required property '"+"costUsd"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
if(data.latencyMs === undefined){
const err11 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "latencyMs"},message:"must have required property '"+"latencyMs"+"'"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(data.errorClass === undefined){
const err12 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "errorClass"},message:"must have required property '"+"errorClass"+"'"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(data.class === undefined){
const err13 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "class"},message:"must have required property '"+"class"+"'"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data.final === undefined){
const err14 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "final"},message:"must have required property '"+"final"+"'"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema66.properties, key0))){
const err15 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.seq !== undefined){
let data0 = data.seq;
if(!(((typeof data0 == "number") && (!(data0 % 1) && !isNaN(data0))) && (isFinite(data0)))){
const err16 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if((typeof data0 == "number") && (isFinite(data0))){
if(data0 < 0 || isNaN(data0)){
const err17 = {instancePath:instancePath+"/seq",schemaPath:"#/properties/seq/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.prev !== undefined){
let data1 = data.prev;
if(typeof data1 === "string"){
if(!pattern0.test(data1)){
const err18 = {instancePath:instancePath+"/prev",schemaPath:"#/$defs/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err19 = {instancePath:instancePath+"/prev",schemaPath:"#/$defs/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.slot !== undefined){
let data2 = data.slot;
if(data2 && typeof data2 == "object" && !Array.isArray(data2)){
if(data2.question === undefined){
const err20 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/required",keyword:"required",params:{missingProperty: "question"},message:"must have required property '"+"question"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data2.permutation === undefined){
const err21 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/required",keyword:"required",params:{missingProperty: "permutation"},message:"must have required property '"+"permutation"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
if(data2.repetition === undefined){
const err22 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/required",keyword:"required",params:{missingProperty: "repetition"},message:"must have required property '"+"repetition"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
for(const key1 in data2){
if(!(((key1 === "question") || (key1 === "permutation")) || (key1 === "repetition"))){
const err23 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
if(data2.question !== undefined){
if(typeof data2.question !== "string"){
const err24 = {instancePath:instancePath+"/slot/question",schemaPath:"#/properties/slot/properties/question/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data2.permutation !== undefined){
let data4 = data2.permutation;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err25 = {instancePath:instancePath+"/slot/permutation",schemaPath:"#/properties/slot/properties/permutation/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err26 = {instancePath:instancePath+"/slot/permutation",schemaPath:"#/properties/slot/properties/permutation/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data2.repetition !== undefined){
let data5 = data2.repetition;
if(!(((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5))) && (isFinite(data5)))){
const err27 = {instancePath:instancePath+"/slot/repetition",schemaPath:"#/properties/slot/properties/repetition/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if((typeof data5 == "number") && (isFinite(data5))){
if(data5 < 0 || isNaN(data5)){
const err28 = {instancePath:instancePath+"/slot/repetition",schemaPath:"#/properties/slot/properties/repetition/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
}
else {
const err29 = {instancePath:instancePath+"/slot",schemaPath:"#/properties/slot/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data.attempt !== undefined){
let data6 = data.attempt;
if(!(((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6))) && (isFinite(data6)))){
const err30 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
if((typeof data6 == "number") && (isFinite(data6))){
if(data6 < 0 || isNaN(data6)){
const err31 = {instancePath:instancePath+"/attempt",schemaPath:"#/properties/attempt/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data.requestHash !== undefined){
let data7 = data.requestHash;
if(typeof data7 === "string"){
if(!pattern0.test(data7)){
const err32 = {instancePath:instancePath+"/requestHash",schemaPath:"#/$defs/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err33 = {instancePath:instancePath+"/requestHash",schemaPath:"#/$defs/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.request !== undefined){
if(!(validate36(data.request, {instancePath:instancePath+"/request",parentData:data,parentDataProperty:"request",rootData}))){
vErrors = vErrors === null ? validate36.errors : vErrors.concat(validate36.errors);
errors = vErrors.length;
}
}
if(data.response !== undefined){
let data9 = data.response;
const _errs24 = errors;
let valid5 = false;
let passing0 = null;
const _errs25 = errors;
if(data9 !== null){
const err34 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/0/type",keyword:"type",params:{type: "null"},message:"must be null"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
var _valid0 = _errs25 === errors;
if(_valid0){
valid5 = true;
passing0 = 0;
}
const _errs27 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.status === undefined){
const err35 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data9.body === undefined){
const err36 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/required",keyword:"required",params:{missingProperty: "body"},message:"must have required property '"+"body"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
for(const key2 in data9){
if(!((key2 === "status") || (key2 === "body"))){
const err37 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data9.status !== undefined){
let data10 = data9.status;
if(!(((typeof data10 == "number") && (!(data10 % 1) && !isNaN(data10))) && (isFinite(data10)))){
const err38 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/1/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if((typeof data10 == "number") && (isFinite(data10))){
if(data10 < 0 || isNaN(data10)){
const err39 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/1/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err40 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
var _valid0 = _errs27 === errors;
if(_valid0 && valid5){
valid5 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid5 = true;
passing0 = 1;
}
const _errs32 = errors;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
if(data9.status === undefined){
const err41 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/required",keyword:"required",params:{missingProperty: "status"},message:"must have required property '"+"status"+"'"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
if(data9.text === undefined){
const err42 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
for(const key3 in data9){
if(!(((key3 === "status") || (key3 === "text")) || (key3 === "truncatedFrom"))){
const err43 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data9.status !== undefined){
let data11 = data9.status;
if(!(((typeof data11 == "number") && (!(data11 % 1) && !isNaN(data11))) && (isFinite(data11)))){
const err44 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/2/properties/status/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
if((typeof data11 == "number") && (isFinite(data11))){
if(data11 < 0 || isNaN(data11)){
const err45 = {instancePath:instancePath+"/response/status",schemaPath:"#/$defs/response/oneOf/2/properties/status/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data9.text !== undefined){
if(typeof data9.text !== "string"){
const err46 = {instancePath:instancePath+"/response/text",schemaPath:"#/$defs/response/oneOf/2/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data9.truncatedFrom !== undefined){
let data13 = data9.truncatedFrom;
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err47 = {instancePath:instancePath+"/response/truncatedFrom",schemaPath:"#/$defs/response/oneOf/2/properties/truncatedFrom/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err48 = {instancePath:instancePath+"/response/truncatedFrom",schemaPath:"#/$defs/response/oneOf/2/properties/truncatedFrom/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
}
else {
const err49 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf/2/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
var _valid0 = _errs32 === errors;
if(_valid0 && valid5){
valid5 = false;
passing0 = [passing0, 2];
}
else {
if(_valid0){
valid5 = true;
passing0 = 2;
}
}
}
if(!valid5){
const err50 = {instancePath:instancePath+"/response",schemaPath:"#/$defs/response/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
else {
errors = _errs24;
if(vErrors !== null){
if(_errs24){
vErrors.length = _errs24;
}
else {
vErrors = null;
}
}
}
}
if(data.content !== undefined){
let data14 = data.content;
if((typeof data14 !== "string") && (data14 !== null)){
const err51 = {instancePath:instancePath+"/content",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
}
if(data.model !== undefined){
let data15 = data.model;
if((typeof data15 !== "string") && (data15 !== null)){
const err52 = {instancePath:instancePath+"/model",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data.finishReason !== undefined){
let data16 = data.finishReason;
if((typeof data16 !== "string") && (data16 !== null)){
const err53 = {instancePath:instancePath+"/finishReason",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
if(data.costUsd !== undefined){
let data17 = data.costUsd;
if((!((typeof data17 == "number") && (isFinite(data17)))) && (data17 !== null)){
const err54 = {instancePath:instancePath+"/costUsd",schemaPath:"#/properties/costUsd/type",keyword:"type",params:{type: schema66.properties.costUsd.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data.latencyMs !== undefined){
let data18 = data.latencyMs;
if((typeof data18 == "number") && (isFinite(data18))){
if(data18 < 0 || isNaN(data18)){
const err55 = {instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/latencyMs",schemaPath:"#/properties/latencyMs/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data.errorClass !== undefined){
let data19 = data.errorClass;
if((typeof data19 !== "string") && (data19 !== null)){
const err57 = {instancePath:instancePath+"/errorClass",schemaPath:"#/$defs/nullableString/type",keyword:"type",params:{type: schema74.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data.class !== undefined){
let data20 = data.class;
if(!(((((data20 === "answered") || (data20 === "invalid")) || (data20 === "provider_failure")) || (data20 === "truncated")) || (data20 === "interrupted"))){
const err58 = {instancePath:instancePath+"/class",schemaPath:"#/properties/class/enum",keyword:"enum",params:{allowedValues: schema66.properties.class.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data.final !== undefined){
if(typeof data.final !== "boolean"){
const err59 = {instancePath:instancePath+"/final",schemaPath:"#/properties/final/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data.provider !== undefined){
if(typeof data.provider !== "string"){
const err60 = {instancePath:instancePath+"/provider",schemaPath:"#/properties/provider/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
}
if(data.decision !== undefined){
if(!(validate40(data.decision, {instancePath:instancePath+"/decision",parentData:data,parentDataProperty:"decision",rootData}))){
vErrors = vErrors === null ? validate40.errors : vErrors.concat(validate40.errors);
errors = vErrors.length;
}
}
}
else {
const err61 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
validate45.errors = vErrors;
return errors === 0;
}

export const bankFile = validate48;
const schema90 = {"$id":"https://docket.invalid/schemas/files/decision-bank.schema.json","title":"decision-bank.json: the working-tree bank file (frozen into bank, question and prompt-template bundles)","type":"object","additionalProperties":false,"required":["schemaVersion","name","version","description","keyBalanceTolerance","promptTemplate","questions","omissions"],"$defs":{"probeRuntime":{"description":"how a probe runs (docs/design.md §7 \"Probes\"): auto = tsx for .ts/.mts/.cts, node otherwise; timeoutMs per probe run (default 10000)","type":"object","additionalProperties":false,"properties":{"runtime":{"enum":["auto","node","tsx","bun"]},"timeoutMs":{"type":"integer","minimum":1,"maximum":3600000}}},"graderUse":{"type":"object","additionalProperties":false,"required":["ref"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$","description":"the grader: answer@1 (exact, regex, includes, numeric, json-match), exec@1 (the suite's tests, docket-exec/1) or judge@1 (a suite judge, docket-judge/1)"},"weight":{"type":"number","minimum":0,"description":"its weight among the task's graders (default 1)"},"params":{"type":"object","description":"what the grader needs: for answer@1 {match, expected, tolerance?, flags?, caseSensitive?}; for exec@1 {files, command, report, score?, timeoutMs?, omit?} ; for judge@1 {judge, reference?} (docs/design.md §10)"}}},"message":{"type":"object","required":["role"],"properties":{"role":{"enum":["system","user","assistant","tool"]}},"description":"a chat message, passed through verbatim (assistant tool_calls and tool results with tool_call_id included)"},"task":{"type":"object","additionalProperties":false,"required":["id","kind","sourceEval","max_tokens"],"properties":{"id":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$"},"kind":{"enum":["answer","exec"]},"sourceEval":{"type":"string","minLength":3},"prompt":{"oneOf":[{"type":"object","additionalProperties":false,"required":["file"],"properties":{"file":{"type":"string","pattern":"^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[^/\\\\]+/)*[^/\\\\]+$","description":"a file of the source eval (e.g. TASK.txt), read from its snapshot"}}},{"type":"object","additionalProperties":false,"required":["text"],"properties":{"text":{"type":"string","minLength":1}}}]},"system":{"type":"string"},"messages":{"type":"array","items":{"$ref":"#/$defs/message"}},"tools":{"type":"array","items":{"type":"object"}},"max_tokens":{"type":"integer","minimum":1},"grader":{"$ref":"#/$defs/graderUse"},"graders":{"type":"array","minItems":1,"items":{"$ref":"#/$defs/graderUse"}}}},"weights":{"type":"object","additionalProperties":false,"minProperties":1,"maxProperties":1,"properties":{"kind":{"type":"object","additionalProperties":false,"minProperties":1,"properties":{"choice":{"type":"number","minimum":0},"answer":{"type":"number","minimum":0},"exec":{"type":"number","minimum":0}}},"category":{"type":"object","minProperties":1,"additionalProperties":{"type":"number","minimum":0}}}}},"properties":{"schemaVersion":{"const":1},"name":{"type":"string","minLength":1},"version":{"type":"string","minLength":1},"description":{"type":"string"},"keyBalanceTolerance":{"type":"integer","minimum":0},"promptTemplate":{"type":"object","additionalProperties":false,"required":["id","version","system","user","answerFormat"],"properties":{"id":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]*$"},"version":{"type":"integer","minimum":1},"system":{"type":"string"},"user":{"type":"string"},"answerFormat":{"type":"string"},"requestKind":{"enum":["chat","decision"],"description":"the request kind runs use unless --request-kind says otherwise; absent: chat"}}},"questions":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["id","sourceEval","stem","options","key","claim","doesNotEstablish","probe"],"properties":{"id":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$"},"sourceEval":{"type":"string","minLength":3,"description":"<category>/<eval>: the two folders' names as they are on disk (layout); an unsafe name is refused by validate (ENAME)"},"stem":{"type":"string","minLength":1},"options":{"type":"array","items":{"type":"string","minLength":1}},"key":{"type":"string"},"claim":{"type":"string","minLength":1},"doesNotEstablish":{"type":"string","minLength":1},"probe":{"type":"string","pattern":"^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[A-Za-z0-9._-]+/)*[A-Za-z0-9._-]+\\.(mjs|js|cjs|ts|mts|cts)$","description":"relative to the source eval's folder, or to <layout.probeRoot>/<sourceEval>/ when the layout names a probe root"},"probeRuntime":{"$ref":"#/$defs/probeRuntime"}}}},"tasks":{"type":"array","items":{"$ref":"#/$defs/task"},"description":"free-form (answer) and execution (exec) tasks (docs/design.md §7 \"Tasks\")"},"scoring":{"type":"object","additionalProperties":false,"properties":{"weights":{"$ref":"#/$defs/weights"}},"description":"how kinds or categories weigh in the combined score; part of the scoring protocol, so of the benchmark version"},"omissions":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["sourceEval","reason"],"properties":{"sourceEval":{"type":"string"},"reason":{"type":"string"}}}},"layout":{"description":"where the suite keeps its things (docs/design.md §7 \"Layout\"); every member left out has the default shown, the layout docket's own bank has","type":"object","additionalProperties":false,"properties":{"evalRoots":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"folders (relative to the bank root) holding <category>/<eval>/; default [\"evals\"]"},"taskFiles":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"every source eval holds one of these files; default [\"TASK.md\"]"},"solution":{"type":"array","minItems":1,"items":{"type":"string","minLength":1},"description":"the reference solution: NAME/ a folder, NAME.* a file with any extension, else an exact file name; default [\"solution.*\"]"},"probeRoot":{"type":"string","minLength":1,"description":"probes live in <probeRoot>/<sourceEval>/; default: in each source eval's folder"}}},"report":{"description":"what docket report's page says: its title (default: the bank's name and \"leaderboard\") and an introduction (plain text, paragraphs separated by a blank line)","type":"object","additionalProperties":false,"properties":{"title":{"type":"string","minLength":1},"text":{"type":"string"}}},"probeRuntime":{"$ref":"#/$defs/probeRuntime"},"graders":{"description":"the suite's own graders by name (docs/design.md §10 \"Suite graders\"); not part of the benchmark version","type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9-]*$"},"additionalProperties":{"type":"object","additionalProperties":false,"required":["current","versions"],"properties":{"current":{"description":"the version whose grades are current","type":"integer","minimum":1},"versions":{"description":"version number → its module (.ts .mts .cts .js .mjs .cjs), relative to the bank root","type":"object","minProperties":1,"propertyNames":{"pattern":"^[1-9][0-9]*$"},"additionalProperties":{"type":"string","minLength":1}},"cases":{"description":"the regression matrix: a JSON-lines case file, relative to the bank root","type":"string","minLength":1},"helpers":{"description":"pure modules of the suite the versions may import, relative to the bank root","type":"array","items":{"type":"string","minLength":1}}}}},"grader":{"description":"the default grader of the bank's questions: a name in graders (its current version), NAME@N, or docket's own (decision@2); absent: decision; not part of the benchmark version","type":"string","pattern":"^[a-z][a-z0-9-]*(@[1-9][0-9]*)?$"},"lockfile":{"description":"the suite's lockfile, relative to the bank root (default: the first of package-lock.json, npm-shrinkwrap.json, bun.lock, pnpm-lock.yaml, yarn.lock present)","type":"string","pattern":"^([^/\\\\]+/)*(package-lock\\.json|npm-shrinkwrap\\.json|bun\\.lock|pnpm-lock\\.yaml|yarn\\.lock)$"},"content":{"description":"the content policy's bank settings (docs/design.md \"Content policy\")","type":"object","additionalProperties":false,"properties":{"maxFileBytes":{"type":"integer","minimum":1},"include":{"type":"array","items":{"type":"string","minLength":1}},"allowSecrets":{"type":"array","items":{"type":"object","additionalProperties":false,"required":["path","digest","reason"],"properties":{"path":{"type":"string","minLength":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"reason":{"type":"string","minLength":1}}}}}},"judges":{"description":"the suite's judge graders by name (docs/design.md §10 \"Judge graders\"): a task hands its reply to one with {\"ref\": \"judge@1\", \"params\": {\"judge\": NAME}}; not part of the benchmark version","type":"object","propertyNames":{"pattern":"^[a-z][a-z0-9-]*$"},"additionalProperties":{"type":"object","additionalProperties":false,"required":["current","versions"],"properties":{"current":{"description":"the version whose grades are current","type":"integer","minimum":1},"versions":{"type":"object","minProperties":1,"propertyNames":{"pattern":"^[1-9][0-9]*$"},"additionalProperties":{"type":"object","additionalProperties":false,"required":["rubric","model","verdict"],"properties":{"rubric":{"type":"string","minLength":1,"description":"the rubric file, relative to the bank root: text with {{task}}, {{reply}} and {{reference}}"},"model":{"type":"string","minLength":1},"endpoint":{"type":"string","minLength":1,"description":"the judge endpoint (public form), when the suite pins it: part of the identity; judge runs go nowhere else"},"params":{"type":"object","additionalProperties":false,"required":[],"properties":{"temperature":{"type":"number","minimum":0},"max_tokens":{"type":"integer","minimum":1},"seed":{"type":"integer"},"top_p":{"type":"number","minimum":0,"maximum":1}}},"verdict":{"type":"object","additionalProperties":false,"properties":{"pattern":{"type":"string","minLength":1,"description":"a regular expression; its first group is the score (out of scale) or the pass/fail word (or, instead, criteria and combine)"},"flags":{"type":"string","pattern":"^[imsu]*$"},"scale":{"type":"number","minimum":0},"pass":{"type":"string","minLength":1},"criteria":{"type":"array","minItems":1,"description":"per criterion: each read from the same reply by its own pattern, out of its scale or against its pass word; combine maps their scores to the task's score","items":{"type":"object","additionalProperties":false,"required":["name","pattern"],"properties":{"name":{"type":"string","minLength":1},"pattern":{"type":"string","minLength":1},"flags":{"type":"string","pattern":"^[imsu]*$"},"scale":{"type":"number","minimum":0},"pass":{"type":"string","minLength":1},"weight":{"type":"number","exclusiveMinimum":0}}}},"combine":{"enum":["weighted-mean","min","all"]}}}}}}}}}}};
const schema91 = {"description":"how a probe runs (docs/design.md §7 \"Probes\"): auto = tsx for .ts/.mts/.cts, node otherwise; timeoutMs per probe run (default 10000)","type":"object","additionalProperties":false,"properties":{"runtime":{"enum":["auto","node","tsx","bun"]},"timeoutMs":{"type":"integer","minimum":1,"maximum":3600000}}};
const schema96 = {"type":"object","additionalProperties":false,"minProperties":1,"maxProperties":1,"properties":{"kind":{"type":"object","additionalProperties":false,"minProperties":1,"properties":{"choice":{"type":"number","minimum":0},"answer":{"type":"number","minimum":0},"exec":{"type":"number","minimum":0}}},"category":{"type":"object","minProperties":1,"additionalProperties":{"type":"number","minimum":0}}}};
const pattern106 = func6("^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[A-Za-z0-9._-]+/)*[A-Za-z0-9._-]+\\.(mjs|js|cjs|ts|mts|cts)$", "u");
const pattern112 = func6("^[1-9][0-9]*$", "u");
const pattern113 = func6("^[a-z][a-z0-9-]*(@[1-9][0-9]*)?$", "u");
const pattern114 = func6("^([^/\\\\]+/)*(package-lock\\.json|npm-shrinkwrap\\.json|bun\\.lock|pnpm-lock\\.yaml|yarn\\.lock)$", "u");
const schema92 = {"type":"object","additionalProperties":false,"required":["id","kind","sourceEval","max_tokens"],"properties":{"id":{"type":"string","pattern":"^[a-z0-9]+(-[a-z0-9]+)*$"},"kind":{"enum":["answer","exec"]},"sourceEval":{"type":"string","minLength":3},"prompt":{"oneOf":[{"type":"object","additionalProperties":false,"required":["file"],"properties":{"file":{"type":"string","pattern":"^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[^/\\\\]+/)*[^/\\\\]+$","description":"a file of the source eval (e.g. TASK.txt), read from its snapshot"}}},{"type":"object","additionalProperties":false,"required":["text"],"properties":{"text":{"type":"string","minLength":1}}}]},"system":{"type":"string"},"messages":{"type":"array","items":{"$ref":"#/$defs/message"}},"tools":{"type":"array","items":{"type":"object"}},"max_tokens":{"type":"integer","minimum":1},"grader":{"$ref":"#/$defs/graderUse"},"graders":{"type":"array","minItems":1,"items":{"$ref":"#/$defs/graderUse"}}}};
const schema93 = {"type":"object","required":["role"],"properties":{"role":{"enum":["system","user","assistant","tool"]}},"description":"a chat message, passed through verbatim (assistant tool_calls and tool results with tool_call_id included)"};
const schema94 = {"type":"object","additionalProperties":false,"required":["ref"],"properties":{"ref":{"type":"string","pattern":"^[a-z][a-z0-9-]*@[1-9][0-9]*$","description":"the grader: answer@1 (exact, regex, includes, numeric, json-match), exec@1 (the suite's tests, docket-exec/1) or judge@1 (a suite judge, docket-judge/1)"},"weight":{"type":"number","minimum":0,"description":"its weight among the task's graders (default 1)"},"params":{"type":"object","description":"what the grader needs: for answer@1 {match, expected, tolerance?, flags?, caseSensitive?}; for exec@1 {files, command, report, score?, timeoutMs?, omit?} ; for judge@1 {judge, reference?} (docs/design.md §10)"}}};
const pattern108 = func6("^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[^/\\\\]+/)*[^/\\\\]+$", "u");

function validate49(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.id === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.kind === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.sourceEval === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.max_tokens === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "max_tokens"},message:"must have required property '"+"max_tokens"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema92.properties, key0))){
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
if(data.id !== undefined){
let data0 = data.id;
if(typeof data0 === "string"){
if(!pattern81.test(data0)){
const err5 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9]+(-[a-z0-9]+)*$"},message:"must match pattern \""+"^[a-z0-9]+(-[a-z0-9]+)*$"+"\""};
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
const err6 = {instancePath:instancePath+"/id",schemaPath:"#/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.kind !== undefined){
let data1 = data.kind;
if(!((data1 === "answer") || (data1 === "exec"))){
const err7 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/enum",keyword:"enum",params:{allowedValues: schema92.properties.kind.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.sourceEval !== undefined){
let data2 = data.sourceEval;
if(typeof data2 === "string"){
if(func2(data2) < 3){
const err8 = {instancePath:instancePath+"/sourceEval",schemaPath:"#/properties/sourceEval/minLength",keyword:"minLength",params:{limit: 3},message:"must NOT have fewer than 3 characters"};
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
const err9 = {instancePath:instancePath+"/sourceEval",schemaPath:"#/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.prompt !== undefined){
let data3 = data.prompt;
const _errs8 = errors;
let valid1 = false;
let passing0 = null;
const _errs9 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.file === undefined){
const err10 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/oneOf/0/required",keyword:"required",params:{missingProperty: "file"},message:"must have required property '"+"file"+"'"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
for(const key1 in data3){
if(!(key1 === "file")){
const err11 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/oneOf/0/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data3.file !== undefined){
let data4 = data3.file;
if(typeof data4 === "string"){
if(!pattern108.test(data4)){
const err12 = {instancePath:instancePath+"/prompt/file",schemaPath:"#/properties/prompt/oneOf/0/properties/file/pattern",keyword:"pattern",params:{pattern: "^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[^/\\\\]+/)*[^/\\\\]+$"},message:"must match pattern \""+"^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[^/\\\\]+/)*[^/\\\\]+$"+"\""};
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
const err13 = {instancePath:instancePath+"/prompt/file",schemaPath:"#/properties/prompt/oneOf/0/properties/file/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/oneOf/0/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
var _valid0 = _errs9 === errors;
if(_valid0){
valid1 = true;
passing0 = 0;
}
const _errs14 = errors;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
if(data3.text === undefined){
const err15 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/oneOf/1/required",keyword:"required",params:{missingProperty: "text"},message:"must have required property '"+"text"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key2 in data3){
if(!(key2 === "text")){
const err16 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/oneOf/1/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data3.text !== undefined){
let data5 = data3.text;
if(typeof data5 === "string"){
if(func2(data5) < 1){
const err17 = {instancePath:instancePath+"/prompt/text",schemaPath:"#/properties/prompt/oneOf/1/properties/text/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err18 = {instancePath:instancePath+"/prompt/text",schemaPath:"#/properties/prompt/oneOf/1/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err19 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/oneOf/1/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
var _valid0 = _errs14 === errors;
if(_valid0 && valid1){
valid1 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid1 = true;
passing0 = 1;
}
}
if(!valid1){
const err20 = {instancePath:instancePath+"/prompt",schemaPath:"#/properties/prompt/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
else {
errors = _errs8;
if(vErrors !== null){
if(_errs8){
vErrors.length = _errs8;
}
else {
vErrors = null;
}
}
}
}
if(data.system !== undefined){
if(typeof data.system !== "string"){
const err21 = {instancePath:instancePath+"/system",schemaPath:"#/properties/system/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.messages !== undefined){
let data7 = data.messages;
if(Array.isArray(data7)){
const len0 = data7.length;
for(let i0=0; i0<len0; i0++){
let data8 = data7[i0];
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.role === undefined){
const err22 = {instancePath:instancePath+"/messages/" + i0,schemaPath:"#/$defs/message/required",keyword:"required",params:{missingProperty: "role"},message:"must have required property '"+"role"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(data8.role !== undefined){
let data9 = data8.role;
if(!((((data9 === "system") || (data9 === "user")) || (data9 === "assistant")) || (data9 === "tool"))){
const err23 = {instancePath:instancePath+"/messages/" + i0+"/role",schemaPath:"#/$defs/message/properties/role/enum",keyword:"enum",params:{allowedValues: schema93.properties.role.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/messages/" + i0,schemaPath:"#/$defs/message/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err25 = {instancePath:instancePath+"/messages",schemaPath:"#/properties/messages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.tools !== undefined){
let data10 = data.tools;
if(Array.isArray(data10)){
const len1 = data10.length;
for(let i1=0; i1<len1; i1++){
let data11 = data10[i1];
if(!(data11 && typeof data11 == "object" && !Array.isArray(data11))){
const err26 = {instancePath:instancePath+"/tools/" + i1,schemaPath:"#/properties/tools/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err27 = {instancePath:instancePath+"/tools",schemaPath:"#/properties/tools/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data.max_tokens !== undefined){
let data12 = data.max_tokens;
if(!(((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12))) && (isFinite(data12)))){
const err28 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if((typeof data12 == "number") && (isFinite(data12))){
if(data12 < 1 || isNaN(data12)){
const err29 = {instancePath:instancePath+"/max_tokens",schemaPath:"#/properties/max_tokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
if(data.grader !== undefined){
let data13 = data.grader;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.ref === undefined){
const err30 = {instancePath:instancePath+"/grader",schemaPath:"#/$defs/graderUse/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
for(const key3 in data13){
if(!(((key3 === "ref") || (key3 === "weight")) || (key3 === "params"))){
const err31 = {instancePath:instancePath+"/grader",schemaPath:"#/$defs/graderUse/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data13.ref !== undefined){
let data14 = data13.ref;
if(typeof data14 === "string"){
if(!pattern19.test(data14)){
const err32 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/$defs/graderUse/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
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
const err33 = {instancePath:instancePath+"/grader/ref",schemaPath:"#/$defs/graderUse/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data13.weight !== undefined){
let data15 = data13.weight;
if((typeof data15 == "number") && (isFinite(data15))){
if(data15 < 0 || isNaN(data15)){
const err34 = {instancePath:instancePath+"/grader/weight",schemaPath:"#/$defs/graderUse/properties/weight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err35 = {instancePath:instancePath+"/grader/weight",schemaPath:"#/$defs/graderUse/properties/weight/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
if(data13.params !== undefined){
let data16 = data13.params;
if(!(data16 && typeof data16 == "object" && !Array.isArray(data16))){
const err36 = {instancePath:instancePath+"/grader/params",schemaPath:"#/$defs/graderUse/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err37 = {instancePath:instancePath+"/grader",schemaPath:"#/$defs/graderUse/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
if(data.graders !== undefined){
let data17 = data.graders;
if(Array.isArray(data17)){
if(data17.length < 1){
const err38 = {instancePath:instancePath+"/graders",schemaPath:"#/properties/graders/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
const len2 = data17.length;
for(let i2=0; i2<len2; i2++){
let data18 = data17[i2];
if(data18 && typeof data18 == "object" && !Array.isArray(data18)){
if(data18.ref === undefined){
const err39 = {instancePath:instancePath+"/graders/" + i2,schemaPath:"#/$defs/graderUse/required",keyword:"required",params:{missingProperty: "ref"},message:"must have required property '"+"ref"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
for(const key4 in data18){
if(!(((key4 === "ref") || (key4 === "weight")) || (key4 === "params"))){
const err40 = {instancePath:instancePath+"/graders/" + i2,schemaPath:"#/$defs/graderUse/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data18.ref !== undefined){
let data19 = data18.ref;
if(typeof data19 === "string"){
if(!pattern19.test(data19)){
const err41 = {instancePath:instancePath+"/graders/" + i2+"/ref",schemaPath:"#/$defs/graderUse/properties/ref/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*@[1-9][0-9]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*@[1-9][0-9]*$"+"\""};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/graders/" + i2+"/ref",schemaPath:"#/$defs/graderUse/properties/ref/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data18.weight !== undefined){
let data20 = data18.weight;
if((typeof data20 == "number") && (isFinite(data20))){
if(data20 < 0 || isNaN(data20)){
const err43 = {instancePath:instancePath+"/graders/" + i2+"/weight",schemaPath:"#/$defs/graderUse/properties/weight/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err44 = {instancePath:instancePath+"/graders/" + i2+"/weight",schemaPath:"#/$defs/graderUse/properties/weight/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data18.params !== undefined){
let data21 = data18.params;
if(!(data21 && typeof data21 == "object" && !Array.isArray(data21))){
const err45 = {instancePath:instancePath+"/graders/" + i2+"/params",schemaPath:"#/$defs/graderUse/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err46 = {instancePath:instancePath+"/graders/" + i2,schemaPath:"#/$defs/graderUse/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err47 = {instancePath:instancePath+"/graders",schemaPath:"#/properties/graders/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err48 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
validate49.errors = vErrors;
return errors === 0;
}


function validate48(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/files/decision-bank.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.schemaVersion === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.name === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.version === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.description === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "description"},message:"must have required property '"+"description"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.keyBalanceTolerance === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "keyBalanceTolerance"},message:"must have required property '"+"keyBalanceTolerance"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.promptTemplate === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "promptTemplate"},message:"must have required property '"+"promptTemplate"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.questions === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "questions"},message:"must have required property '"+"questions"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.omissions === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "omissions"},message:"must have required property '"+"omissions"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!(func10.call(schema90.properties, key0))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err9 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.name !== undefined){
let data1 = data.name;
if(typeof data1 === "string"){
if(func2(data1) < 1){
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.version !== undefined){
let data2 = data.version;
if(typeof data2 === "string"){
if(func2(data2) < 1){
const err12 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err13 = {instancePath:instancePath+"/version",schemaPath:"#/properties/version/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.description !== undefined){
if(typeof data.description !== "string"){
const err14 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.keyBalanceTolerance !== undefined){
let data4 = data.keyBalanceTolerance;
if(!(((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4))) && (isFinite(data4)))){
const err15 = {instancePath:instancePath+"/keyBalanceTolerance",schemaPath:"#/properties/keyBalanceTolerance/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if((typeof data4 == "number") && (isFinite(data4))){
if(data4 < 0 || isNaN(data4)){
const err16 = {instancePath:instancePath+"/keyBalanceTolerance",schemaPath:"#/properties/keyBalanceTolerance/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
if(data.promptTemplate !== undefined){
let data5 = data.promptTemplate;
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.id === undefined){
const err17 = {instancePath:instancePath+"/promptTemplate",schemaPath:"#/properties/promptTemplate/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(data5.version === undefined){
const err18 = {instancePath:instancePath+"/promptTemplate",schemaPath:"#/properties/promptTemplate/required",keyword:"required",params:{missingProperty: "version"},message:"must have required property '"+"version"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data5.system === undefined){
const err19 = {instancePath:instancePath+"/promptTemplate",schemaPath:"#/properties/promptTemplate/required",keyword:"required",params:{missingProperty: "system"},message:"must have required property '"+"system"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data5.user === undefined){
const err20 = {instancePath:instancePath+"/promptTemplate",schemaPath:"#/properties/promptTemplate/required",keyword:"required",params:{missingProperty: "user"},message:"must have required property '"+"user"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
if(data5.answerFormat === undefined){
const err21 = {instancePath:instancePath+"/promptTemplate",schemaPath:"#/properties/promptTemplate/required",keyword:"required",params:{missingProperty: "answerFormat"},message:"must have required property '"+"answerFormat"+"'"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
for(const key1 in data5){
if(!((((((key1 === "id") || (key1 === "version")) || (key1 === "system")) || (key1 === "user")) || (key1 === "answerFormat")) || (key1 === "requestKind"))){
const err22 = {instancePath:instancePath+"/promptTemplate",schemaPath:"#/properties/promptTemplate/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data5.id !== undefined){
let data6 = data5.id;
if(typeof data6 === "string"){
if(!pattern80.test(data6)){
const err23 = {instancePath:instancePath+"/promptTemplate/id",schemaPath:"#/properties/promptTemplate/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9-]*$"+"\""};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/promptTemplate/id",schemaPath:"#/properties/promptTemplate/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data5.version !== undefined){
let data7 = data5.version;
if(!(((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7))) && (isFinite(data7)))){
const err25 = {instancePath:instancePath+"/promptTemplate/version",schemaPath:"#/properties/promptTemplate/properties/version/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data7 == "number") && (isFinite(data7))){
if(data7 < 1 || isNaN(data7)){
const err26 = {instancePath:instancePath+"/promptTemplate/version",schemaPath:"#/properties/promptTemplate/properties/version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data5.system !== undefined){
if(typeof data5.system !== "string"){
const err27 = {instancePath:instancePath+"/promptTemplate/system",schemaPath:"#/properties/promptTemplate/properties/system/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data5.user !== undefined){
if(typeof data5.user !== "string"){
const err28 = {instancePath:instancePath+"/promptTemplate/user",schemaPath:"#/properties/promptTemplate/properties/user/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data5.answerFormat !== undefined){
if(typeof data5.answerFormat !== "string"){
const err29 = {instancePath:instancePath+"/promptTemplate/answerFormat",schemaPath:"#/properties/promptTemplate/properties/answerFormat/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
if(data5.requestKind !== undefined){
let data11 = data5.requestKind;
if(!((data11 === "chat") || (data11 === "decision"))){
const err30 = {instancePath:instancePath+"/promptTemplate/requestKind",schemaPath:"#/properties/promptTemplate/properties/requestKind/enum",keyword:"enum",params:{allowedValues: schema90.properties.promptTemplate.properties.requestKind.enum},message:"must be equal to one of the allowed values"};
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
else {
const err31 = {instancePath:instancePath+"/promptTemplate",schemaPath:"#/properties/promptTemplate/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.questions !== undefined){
let data12 = data.questions;
if(Array.isArray(data12)){
const len0 = data12.length;
for(let i0=0; i0<len0; i0++){
let data13 = data12[i0];
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if(data13.id === undefined){
const err32 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "id"},message:"must have required property '"+"id"+"'"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
if(data13.sourceEval === undefined){
const err33 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
if(data13.stem === undefined){
const err34 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "stem"},message:"must have required property '"+"stem"+"'"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
if(data13.options === undefined){
const err35 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "options"},message:"must have required property '"+"options"+"'"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
if(data13.key === undefined){
const err36 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "key"},message:"must have required property '"+"key"+"'"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
if(data13.claim === undefined){
const err37 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "claim"},message:"must have required property '"+"claim"+"'"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if(data13.doesNotEstablish === undefined){
const err38 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "doesNotEstablish"},message:"must have required property '"+"doesNotEstablish"+"'"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
if(data13.probe === undefined){
const err39 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/required",keyword:"required",params:{missingProperty: "probe"},message:"must have required property '"+"probe"+"'"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
for(const key2 in data13){
if(!(func10.call(schema90.properties.questions.items.properties, key2))){
const err40 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
if(data13.id !== undefined){
let data14 = data13.id;
if(typeof data14 === "string"){
if(!pattern81.test(data14)){
const err41 = {instancePath:instancePath+"/questions/" + i0+"/id",schemaPath:"#/properties/questions/items/properties/id/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9]+(-[a-z0-9]+)*$"},message:"must match pattern \""+"^[a-z0-9]+(-[a-z0-9]+)*$"+"\""};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
else {
const err42 = {instancePath:instancePath+"/questions/" + i0+"/id",schemaPath:"#/properties/questions/items/properties/id/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data13.sourceEval !== undefined){
let data15 = data13.sourceEval;
if(typeof data15 === "string"){
if(func2(data15) < 3){
const err43 = {instancePath:instancePath+"/questions/" + i0+"/sourceEval",schemaPath:"#/properties/questions/items/properties/sourceEval/minLength",keyword:"minLength",params:{limit: 3},message:"must NOT have fewer than 3 characters"};
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
const err44 = {instancePath:instancePath+"/questions/" + i0+"/sourceEval",schemaPath:"#/properties/questions/items/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data13.stem !== undefined){
let data16 = data13.stem;
if(typeof data16 === "string"){
if(func2(data16) < 1){
const err45 = {instancePath:instancePath+"/questions/" + i0+"/stem",schemaPath:"#/properties/questions/items/properties/stem/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
else {
const err46 = {instancePath:instancePath+"/questions/" + i0+"/stem",schemaPath:"#/properties/questions/items/properties/stem/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data13.options !== undefined){
let data17 = data13.options;
if(Array.isArray(data17)){
const len1 = data17.length;
for(let i1=0; i1<len1; i1++){
let data18 = data17[i1];
if(typeof data18 === "string"){
if(func2(data18) < 1){
const err47 = {instancePath:instancePath+"/questions/" + i0+"/options/" + i1,schemaPath:"#/properties/questions/items/properties/options/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err48 = {instancePath:instancePath+"/questions/" + i0+"/options/" + i1,schemaPath:"#/properties/questions/items/properties/options/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/questions/" + i0+"/options",schemaPath:"#/properties/questions/items/properties/options/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
if(data13.key !== undefined){
if(typeof data13.key !== "string"){
const err50 = {instancePath:instancePath+"/questions/" + i0+"/key",schemaPath:"#/properties/questions/items/properties/key/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
}
if(data13.claim !== undefined){
let data20 = data13.claim;
if(typeof data20 === "string"){
if(func2(data20) < 1){
const err51 = {instancePath:instancePath+"/questions/" + i0+"/claim",schemaPath:"#/properties/questions/items/properties/claim/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err52 = {instancePath:instancePath+"/questions/" + i0+"/claim",schemaPath:"#/properties/questions/items/properties/claim/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
}
if(data13.doesNotEstablish !== undefined){
let data21 = data13.doesNotEstablish;
if(typeof data21 === "string"){
if(func2(data21) < 1){
const err53 = {instancePath:instancePath+"/questions/" + i0+"/doesNotEstablish",schemaPath:"#/properties/questions/items/properties/doesNotEstablish/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
else {
const err54 = {instancePath:instancePath+"/questions/" + i0+"/doesNotEstablish",schemaPath:"#/properties/questions/items/properties/doesNotEstablish/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
if(data13.probe !== undefined){
let data22 = data13.probe;
if(typeof data22 === "string"){
if(!pattern106.test(data22)){
const err55 = {instancePath:instancePath+"/questions/" + i0+"/probe",schemaPath:"#/properties/questions/items/properties/probe/pattern",keyword:"pattern",params:{pattern: "^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[A-Za-z0-9._-]+/)*[A-Za-z0-9._-]+\\.(mjs|js|cjs|ts|mts|cts)$"},message:"must match pattern \""+"^(?!.*(?:^|/)\\.\\.?(?:/|$))(?:[A-Za-z0-9._-]+/)*[A-Za-z0-9._-]+\\.(mjs|js|cjs|ts|mts|cts)$"+"\""};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
}
else {
const err56 = {instancePath:instancePath+"/questions/" + i0+"/probe",schemaPath:"#/properties/questions/items/properties/probe/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
}
if(data13.probeRuntime !== undefined){
let data23 = data13.probeRuntime;
if(data23 && typeof data23 == "object" && !Array.isArray(data23)){
for(const key3 in data23){
if(!((key3 === "runtime") || (key3 === "timeoutMs"))){
const err57 = {instancePath:instancePath+"/questions/" + i0+"/probeRuntime",schemaPath:"#/$defs/probeRuntime/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
}
if(data23.runtime !== undefined){
let data24 = data23.runtime;
if(!((((data24 === "auto") || (data24 === "node")) || (data24 === "tsx")) || (data24 === "bun"))){
const err58 = {instancePath:instancePath+"/questions/" + i0+"/probeRuntime/runtime",schemaPath:"#/$defs/probeRuntime/properties/runtime/enum",keyword:"enum",params:{allowedValues: schema91.properties.runtime.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
if(data23.timeoutMs !== undefined){
let data25 = data23.timeoutMs;
if(!(((typeof data25 == "number") && (!(data25 % 1) && !isNaN(data25))) && (isFinite(data25)))){
const err59 = {instancePath:instancePath+"/questions/" + i0+"/probeRuntime/timeoutMs",schemaPath:"#/$defs/probeRuntime/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
if((typeof data25 == "number") && (isFinite(data25))){
if(data25 > 3600000 || isNaN(data25)){
const err60 = {instancePath:instancePath+"/questions/" + i0+"/probeRuntime/timeoutMs",schemaPath:"#/$defs/probeRuntime/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600000},message:"must be <= 3600000"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(data25 < 1 || isNaN(data25)){
const err61 = {instancePath:instancePath+"/questions/" + i0+"/probeRuntime/timeoutMs",schemaPath:"#/$defs/probeRuntime/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
}
else {
const err62 = {instancePath:instancePath+"/questions/" + i0+"/probeRuntime",schemaPath:"#/$defs/probeRuntime/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err63 = {instancePath:instancePath+"/questions/" + i0,schemaPath:"#/properties/questions/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err64 = {instancePath:instancePath+"/questions",schemaPath:"#/properties/questions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
}
if(data.tasks !== undefined){
let data26 = data.tasks;
if(Array.isArray(data26)){
const len2 = data26.length;
for(let i2=0; i2<len2; i2++){
if(!(validate49(data26[i2], {instancePath:instancePath+"/tasks/" + i2,parentData:data26,parentDataProperty:i2,rootData}))){
vErrors = vErrors === null ? validate49.errors : vErrors.concat(validate49.errors);
errors = vErrors.length;
}
}
}
else {
const err65 = {instancePath:instancePath+"/tasks",schemaPath:"#/properties/tasks/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
if(data.scoring !== undefined){
let data28 = data.scoring;
if(data28 && typeof data28 == "object" && !Array.isArray(data28)){
for(const key4 in data28){
if(!(key4 === "weights")){
const err66 = {instancePath:instancePath+"/scoring",schemaPath:"#/properties/scoring/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
}
if(data28.weights !== undefined){
let data29 = data28.weights;
if(data29 && typeof data29 == "object" && !Array.isArray(data29)){
if(Object.keys(data29).length > 1){
const err67 = {instancePath:instancePath+"/scoring/weights",schemaPath:"#/$defs/weights/maxProperties",keyword:"maxProperties",params:{limit: 1},message:"must NOT have more than 1 properties"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
if(Object.keys(data29).length < 1){
const err68 = {instancePath:instancePath+"/scoring/weights",schemaPath:"#/$defs/weights/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
for(const key5 in data29){
if(!((key5 === "kind") || (key5 === "category"))){
const err69 = {instancePath:instancePath+"/scoring/weights",schemaPath:"#/$defs/weights/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
if(data29.kind !== undefined){
let data30 = data29.kind;
if(data30 && typeof data30 == "object" && !Array.isArray(data30)){
if(Object.keys(data30).length < 1){
const err70 = {instancePath:instancePath+"/scoring/weights/kind",schemaPath:"#/$defs/weights/properties/kind/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
for(const key6 in data30){
if(!(((key6 === "choice") || (key6 === "answer")) || (key6 === "exec"))){
const err71 = {instancePath:instancePath+"/scoring/weights/kind",schemaPath:"#/$defs/weights/properties/kind/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key6},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
if(data30.choice !== undefined){
let data31 = data30.choice;
if((typeof data31 == "number") && (isFinite(data31))){
if(data31 < 0 || isNaN(data31)){
const err72 = {instancePath:instancePath+"/scoring/weights/kind/choice",schemaPath:"#/$defs/weights/properties/kind/properties/choice/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
}
else {
const err73 = {instancePath:instancePath+"/scoring/weights/kind/choice",schemaPath:"#/$defs/weights/properties/kind/properties/choice/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
if(data30.answer !== undefined){
let data32 = data30.answer;
if((typeof data32 == "number") && (isFinite(data32))){
if(data32 < 0 || isNaN(data32)){
const err74 = {instancePath:instancePath+"/scoring/weights/kind/answer",schemaPath:"#/$defs/weights/properties/kind/properties/answer/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
else {
const err75 = {instancePath:instancePath+"/scoring/weights/kind/answer",schemaPath:"#/$defs/weights/properties/kind/properties/answer/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
if(data30.exec !== undefined){
let data33 = data30.exec;
if((typeof data33 == "number") && (isFinite(data33))){
if(data33 < 0 || isNaN(data33)){
const err76 = {instancePath:instancePath+"/scoring/weights/kind/exec",schemaPath:"#/$defs/weights/properties/kind/properties/exec/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
const err77 = {instancePath:instancePath+"/scoring/weights/kind/exec",schemaPath:"#/$defs/weights/properties/kind/properties/exec/type",keyword:"type",params:{type: "number"},message:"must be number"};
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
const err78 = {instancePath:instancePath+"/scoring/weights/kind",schemaPath:"#/$defs/weights/properties/kind/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err78];
}
else {
vErrors.push(err78);
}
errors++;
}
}
if(data29.category !== undefined){
let data34 = data29.category;
if(data34 && typeof data34 == "object" && !Array.isArray(data34)){
if(Object.keys(data34).length < 1){
const err79 = {instancePath:instancePath+"/scoring/weights/category",schemaPath:"#/$defs/weights/properties/category/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err79];
}
else {
vErrors.push(err79);
}
errors++;
}
for(const key7 in data34){
let data35 = data34[key7];
if((typeof data35 == "number") && (isFinite(data35))){
if(data35 < 0 || isNaN(data35)){
const err80 = {instancePath:instancePath+"/scoring/weights/category/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/weights/properties/category/additionalProperties/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err80];
}
else {
vErrors.push(err80);
}
errors++;
}
}
else {
const err81 = {instancePath:instancePath+"/scoring/weights/category/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/$defs/weights/properties/category/additionalProperties/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err81];
}
else {
vErrors.push(err81);
}
errors++;
}
}
}
else {
const err82 = {instancePath:instancePath+"/scoring/weights/category",schemaPath:"#/$defs/weights/properties/category/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err83 = {instancePath:instancePath+"/scoring/weights",schemaPath:"#/$defs/weights/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err83];
}
else {
vErrors.push(err83);
}
errors++;
}
}
}
else {
const err84 = {instancePath:instancePath+"/scoring",schemaPath:"#/properties/scoring/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err84];
}
else {
vErrors.push(err84);
}
errors++;
}
}
if(data.omissions !== undefined){
let data36 = data.omissions;
if(Array.isArray(data36)){
const len3 = data36.length;
for(let i3=0; i3<len3; i3++){
let data37 = data36[i3];
if(data37 && typeof data37 == "object" && !Array.isArray(data37)){
if(data37.sourceEval === undefined){
const err85 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/required",keyword:"required",params:{missingProperty: "sourceEval"},message:"must have required property '"+"sourceEval"+"'"};
if(vErrors === null){
vErrors = [err85];
}
else {
vErrors.push(err85);
}
errors++;
}
if(data37.reason === undefined){
const err86 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err86];
}
else {
vErrors.push(err86);
}
errors++;
}
for(const key8 in data37){
if(!((key8 === "sourceEval") || (key8 === "reason"))){
const err87 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key8},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err87];
}
else {
vErrors.push(err87);
}
errors++;
}
}
if(data37.sourceEval !== undefined){
if(typeof data37.sourceEval !== "string"){
const err88 = {instancePath:instancePath+"/omissions/" + i3+"/sourceEval",schemaPath:"#/properties/omissions/items/properties/sourceEval/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err88];
}
else {
vErrors.push(err88);
}
errors++;
}
}
if(data37.reason !== undefined){
if(typeof data37.reason !== "string"){
const err89 = {instancePath:instancePath+"/omissions/" + i3+"/reason",schemaPath:"#/properties/omissions/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err89];
}
else {
vErrors.push(err89);
}
errors++;
}
}
}
else {
const err90 = {instancePath:instancePath+"/omissions/" + i3,schemaPath:"#/properties/omissions/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err91 = {instancePath:instancePath+"/omissions",schemaPath:"#/properties/omissions/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err91];
}
else {
vErrors.push(err91);
}
errors++;
}
}
if(data.layout !== undefined){
let data40 = data.layout;
if(data40 && typeof data40 == "object" && !Array.isArray(data40)){
for(const key9 in data40){
if(!((((key9 === "evalRoots") || (key9 === "taskFiles")) || (key9 === "solution")) || (key9 === "probeRoot"))){
const err92 = {instancePath:instancePath+"/layout",schemaPath:"#/properties/layout/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key9},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err92];
}
else {
vErrors.push(err92);
}
errors++;
}
}
if(data40.evalRoots !== undefined){
let data41 = data40.evalRoots;
if(Array.isArray(data41)){
if(data41.length < 1){
const err93 = {instancePath:instancePath+"/layout/evalRoots",schemaPath:"#/properties/layout/properties/evalRoots/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err93];
}
else {
vErrors.push(err93);
}
errors++;
}
const len4 = data41.length;
for(let i4=0; i4<len4; i4++){
let data42 = data41[i4];
if(typeof data42 === "string"){
if(func2(data42) < 1){
const err94 = {instancePath:instancePath+"/layout/evalRoots/" + i4,schemaPath:"#/properties/layout/properties/evalRoots/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err95 = {instancePath:instancePath+"/layout/evalRoots/" + i4,schemaPath:"#/properties/layout/properties/evalRoots/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err95];
}
else {
vErrors.push(err95);
}
errors++;
}
}
}
else {
const err96 = {instancePath:instancePath+"/layout/evalRoots",schemaPath:"#/properties/layout/properties/evalRoots/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err96];
}
else {
vErrors.push(err96);
}
errors++;
}
}
if(data40.taskFiles !== undefined){
let data43 = data40.taskFiles;
if(Array.isArray(data43)){
if(data43.length < 1){
const err97 = {instancePath:instancePath+"/layout/taskFiles",schemaPath:"#/properties/layout/properties/taskFiles/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err97];
}
else {
vErrors.push(err97);
}
errors++;
}
const len5 = data43.length;
for(let i5=0; i5<len5; i5++){
let data44 = data43[i5];
if(typeof data44 === "string"){
if(func2(data44) < 1){
const err98 = {instancePath:instancePath+"/layout/taskFiles/" + i5,schemaPath:"#/properties/layout/properties/taskFiles/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err99 = {instancePath:instancePath+"/layout/taskFiles/" + i5,schemaPath:"#/properties/layout/properties/taskFiles/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err100 = {instancePath:instancePath+"/layout/taskFiles",schemaPath:"#/properties/layout/properties/taskFiles/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err100];
}
else {
vErrors.push(err100);
}
errors++;
}
}
if(data40.solution !== undefined){
let data45 = data40.solution;
if(Array.isArray(data45)){
if(data45.length < 1){
const err101 = {instancePath:instancePath+"/layout/solution",schemaPath:"#/properties/layout/properties/solution/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err101];
}
else {
vErrors.push(err101);
}
errors++;
}
const len6 = data45.length;
for(let i6=0; i6<len6; i6++){
let data46 = data45[i6];
if(typeof data46 === "string"){
if(func2(data46) < 1){
const err102 = {instancePath:instancePath+"/layout/solution/" + i6,schemaPath:"#/properties/layout/properties/solution/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err102];
}
else {
vErrors.push(err102);
}
errors++;
}
}
else {
const err103 = {instancePath:instancePath+"/layout/solution/" + i6,schemaPath:"#/properties/layout/properties/solution/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err104 = {instancePath:instancePath+"/layout/solution",schemaPath:"#/properties/layout/properties/solution/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err104];
}
else {
vErrors.push(err104);
}
errors++;
}
}
if(data40.probeRoot !== undefined){
let data47 = data40.probeRoot;
if(typeof data47 === "string"){
if(func2(data47) < 1){
const err105 = {instancePath:instancePath+"/layout/probeRoot",schemaPath:"#/properties/layout/properties/probeRoot/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err106 = {instancePath:instancePath+"/layout/probeRoot",schemaPath:"#/properties/layout/properties/probeRoot/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err107 = {instancePath:instancePath+"/layout",schemaPath:"#/properties/layout/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err107];
}
else {
vErrors.push(err107);
}
errors++;
}
}
if(data.report !== undefined){
let data48 = data.report;
if(data48 && typeof data48 == "object" && !Array.isArray(data48)){
for(const key10 in data48){
if(!((key10 === "title") || (key10 === "text"))){
const err108 = {instancePath:instancePath+"/report",schemaPath:"#/properties/report/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key10},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err108];
}
else {
vErrors.push(err108);
}
errors++;
}
}
if(data48.title !== undefined){
let data49 = data48.title;
if(typeof data49 === "string"){
if(func2(data49) < 1){
const err109 = {instancePath:instancePath+"/report/title",schemaPath:"#/properties/report/properties/title/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err109];
}
else {
vErrors.push(err109);
}
errors++;
}
}
else {
const err110 = {instancePath:instancePath+"/report/title",schemaPath:"#/properties/report/properties/title/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err110];
}
else {
vErrors.push(err110);
}
errors++;
}
}
if(data48.text !== undefined){
if(typeof data48.text !== "string"){
const err111 = {instancePath:instancePath+"/report/text",schemaPath:"#/properties/report/properties/text/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
else {
const err112 = {instancePath:instancePath+"/report",schemaPath:"#/properties/report/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err112];
}
else {
vErrors.push(err112);
}
errors++;
}
}
if(data.probeRuntime !== undefined){
let data51 = data.probeRuntime;
if(data51 && typeof data51 == "object" && !Array.isArray(data51)){
for(const key11 in data51){
if(!((key11 === "runtime") || (key11 === "timeoutMs"))){
const err113 = {instancePath:instancePath+"/probeRuntime",schemaPath:"#/$defs/probeRuntime/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key11},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err113];
}
else {
vErrors.push(err113);
}
errors++;
}
}
if(data51.runtime !== undefined){
let data52 = data51.runtime;
if(!((((data52 === "auto") || (data52 === "node")) || (data52 === "tsx")) || (data52 === "bun"))){
const err114 = {instancePath:instancePath+"/probeRuntime/runtime",schemaPath:"#/$defs/probeRuntime/properties/runtime/enum",keyword:"enum",params:{allowedValues: schema91.properties.runtime.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err114];
}
else {
vErrors.push(err114);
}
errors++;
}
}
if(data51.timeoutMs !== undefined){
let data53 = data51.timeoutMs;
if(!(((typeof data53 == "number") && (!(data53 % 1) && !isNaN(data53))) && (isFinite(data53)))){
const err115 = {instancePath:instancePath+"/probeRuntime/timeoutMs",schemaPath:"#/$defs/probeRuntime/properties/timeoutMs/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err115];
}
else {
vErrors.push(err115);
}
errors++;
}
if((typeof data53 == "number") && (isFinite(data53))){
if(data53 > 3600000 || isNaN(data53)){
const err116 = {instancePath:instancePath+"/probeRuntime/timeoutMs",schemaPath:"#/$defs/probeRuntime/properties/timeoutMs/maximum",keyword:"maximum",params:{comparison: "<=", limit: 3600000},message:"must be <= 3600000"};
if(vErrors === null){
vErrors = [err116];
}
else {
vErrors.push(err116);
}
errors++;
}
if(data53 < 1 || isNaN(data53)){
const err117 = {instancePath:instancePath+"/probeRuntime/timeoutMs",schemaPath:"#/$defs/probeRuntime/properties/timeoutMs/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
}
else {
const err118 = {instancePath:instancePath+"/probeRuntime",schemaPath:"#/$defs/probeRuntime/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err118];
}
else {
vErrors.push(err118);
}
errors++;
}
}
if(data.graders !== undefined){
let data54 = data.graders;
if(data54 && typeof data54 == "object" && !Array.isArray(data54)){
for(const key12 in data54){
const _errs121 = errors;
if(typeof key12 === "string"){
if(!pattern20.test(key12)){
const err119 = {instancePath:instancePath+"/graders",schemaPath:"#/properties/graders/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\"",propertyName:key12};
if(vErrors === null){
vErrors = [err119];
}
else {
vErrors.push(err119);
}
errors++;
}
}
var valid29 = _errs121 === errors;
if(!valid29){
const err120 = {instancePath:instancePath+"/graders",schemaPath:"#/properties/graders/propertyNames",keyword:"propertyNames",params:{propertyName: key12},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err120];
}
else {
vErrors.push(err120);
}
errors++;
}
}
for(const key13 in data54){
let data55 = data54[key13];
if(data55 && typeof data55 == "object" && !Array.isArray(data55)){
if(data55.current === undefined){
const err121 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/graders/additionalProperties/required",keyword:"required",params:{missingProperty: "current"},message:"must have required property '"+"current"+"'"};
if(vErrors === null){
vErrors = [err121];
}
else {
vErrors.push(err121);
}
errors++;
}
if(data55.versions === undefined){
const err122 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/graders/additionalProperties/required",keyword:"required",params:{missingProperty: "versions"},message:"must have required property '"+"versions"+"'"};
if(vErrors === null){
vErrors = [err122];
}
else {
vErrors.push(err122);
}
errors++;
}
for(const key14 in data55){
if(!((((key14 === "current") || (key14 === "versions")) || (key14 === "cases")) || (key14 === "helpers"))){
const err123 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/graders/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key14},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err123];
}
else {
vErrors.push(err123);
}
errors++;
}
}
if(data55.current !== undefined){
let data56 = data55.current;
if(!(((typeof data56 == "number") && (!(data56 % 1) && !isNaN(data56))) && (isFinite(data56)))){
const err124 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/current",schemaPath:"#/properties/graders/additionalProperties/properties/current/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err124];
}
else {
vErrors.push(err124);
}
errors++;
}
if((typeof data56 == "number") && (isFinite(data56))){
if(data56 < 1 || isNaN(data56)){
const err125 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/current",schemaPath:"#/properties/graders/additionalProperties/properties/current/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err125];
}
else {
vErrors.push(err125);
}
errors++;
}
}
}
if(data55.versions !== undefined){
let data57 = data55.versions;
if(data57 && typeof data57 == "object" && !Array.isArray(data57)){
if(Object.keys(data57).length < 1){
const err126 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/graders/additionalProperties/properties/versions/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err126];
}
else {
vErrors.push(err126);
}
errors++;
}
for(const key15 in data57){
const _errs130 = errors;
if(typeof key15 === "string"){
if(!pattern112.test(key15)){
const err127 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/graders/additionalProperties/properties/versions/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*$"},message:"must match pattern \""+"^[1-9][0-9]*$"+"\"",propertyName:key15};
if(vErrors === null){
vErrors = [err127];
}
else {
vErrors.push(err127);
}
errors++;
}
}
var valid32 = _errs130 === errors;
if(!valid32){
const err128 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/graders/additionalProperties/properties/versions/propertyNames",keyword:"propertyNames",params:{propertyName: key15},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err128];
}
else {
vErrors.push(err128);
}
errors++;
}
}
for(const key16 in data57){
let data58 = data57[key16];
if(typeof data58 === "string"){
if(func2(data58) < 1){
const err129 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/graders/additionalProperties/properties/versions/additionalProperties/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err130 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key16.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/graders/additionalProperties/properties/versions/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
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
const err131 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/graders/additionalProperties/properties/versions/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err131];
}
else {
vErrors.push(err131);
}
errors++;
}
}
if(data55.cases !== undefined){
let data59 = data55.cases;
if(typeof data59 === "string"){
if(func2(data59) < 1){
const err132 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cases",schemaPath:"#/properties/graders/additionalProperties/properties/cases/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err132];
}
else {
vErrors.push(err132);
}
errors++;
}
}
else {
const err133 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/cases",schemaPath:"#/properties/graders/additionalProperties/properties/cases/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err133];
}
else {
vErrors.push(err133);
}
errors++;
}
}
if(data55.helpers !== undefined){
let data60 = data55.helpers;
if(Array.isArray(data60)){
const len7 = data60.length;
for(let i7=0; i7<len7; i7++){
let data61 = data60[i7];
if(typeof data61 === "string"){
if(func2(data61) < 1){
const err134 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/helpers/" + i7,schemaPath:"#/properties/graders/additionalProperties/properties/helpers/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err134];
}
else {
vErrors.push(err134);
}
errors++;
}
}
else {
const err135 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/helpers/" + i7,schemaPath:"#/properties/graders/additionalProperties/properties/helpers/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err135];
}
else {
vErrors.push(err135);
}
errors++;
}
}
}
else {
const err136 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/helpers",schemaPath:"#/properties/graders/additionalProperties/properties/helpers/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err136];
}
else {
vErrors.push(err136);
}
errors++;
}
}
}
else {
const err137 = {instancePath:instancePath+"/graders/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/graders/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err137];
}
else {
vErrors.push(err137);
}
errors++;
}
}
}
else {
const err138 = {instancePath:instancePath+"/graders",schemaPath:"#/properties/graders/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err138];
}
else {
vErrors.push(err138);
}
errors++;
}
}
if(data.grader !== undefined){
let data62 = data.grader;
if(typeof data62 === "string"){
if(!pattern113.test(data62)){
const err139 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*(@[1-9][0-9]*)?$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*(@[1-9][0-9]*)?$"+"\""};
if(vErrors === null){
vErrors = [err139];
}
else {
vErrors.push(err139);
}
errors++;
}
}
else {
const err140 = {instancePath:instancePath+"/grader",schemaPath:"#/properties/grader/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err140];
}
else {
vErrors.push(err140);
}
errors++;
}
}
if(data.lockfile !== undefined){
let data63 = data.lockfile;
if(typeof data63 === "string"){
if(!pattern114.test(data63)){
const err141 = {instancePath:instancePath+"/lockfile",schemaPath:"#/properties/lockfile/pattern",keyword:"pattern",params:{pattern: "^([^/\\\\]+/)*(package-lock\\.json|npm-shrinkwrap\\.json|bun\\.lock|pnpm-lock\\.yaml|yarn\\.lock)$"},message:"must match pattern \""+"^([^/\\\\]+/)*(package-lock\\.json|npm-shrinkwrap\\.json|bun\\.lock|pnpm-lock\\.yaml|yarn\\.lock)$"+"\""};
if(vErrors === null){
vErrors = [err141];
}
else {
vErrors.push(err141);
}
errors++;
}
}
else {
const err142 = {instancePath:instancePath+"/lockfile",schemaPath:"#/properties/lockfile/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err142];
}
else {
vErrors.push(err142);
}
errors++;
}
}
if(data.content !== undefined){
let data64 = data.content;
if(data64 && typeof data64 == "object" && !Array.isArray(data64)){
for(const key17 in data64){
if(!(((key17 === "maxFileBytes") || (key17 === "include")) || (key17 === "allowSecrets"))){
const err143 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key17},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err143];
}
else {
vErrors.push(err143);
}
errors++;
}
}
if(data64.maxFileBytes !== undefined){
let data65 = data64.maxFileBytes;
if(!(((typeof data65 == "number") && (!(data65 % 1) && !isNaN(data65))) && (isFinite(data65)))){
const err144 = {instancePath:instancePath+"/content/maxFileBytes",schemaPath:"#/properties/content/properties/maxFileBytes/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err144];
}
else {
vErrors.push(err144);
}
errors++;
}
if((typeof data65 == "number") && (isFinite(data65))){
if(data65 < 1 || isNaN(data65)){
const err145 = {instancePath:instancePath+"/content/maxFileBytes",schemaPath:"#/properties/content/properties/maxFileBytes/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
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
if(data64.include !== undefined){
let data66 = data64.include;
if(Array.isArray(data66)){
const len8 = data66.length;
for(let i8=0; i8<len8; i8++){
let data67 = data66[i8];
if(typeof data67 === "string"){
if(func2(data67) < 1){
const err146 = {instancePath:instancePath+"/content/include/" + i8,schemaPath:"#/properties/content/properties/include/items/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err146];
}
else {
vErrors.push(err146);
}
errors++;
}
}
else {
const err147 = {instancePath:instancePath+"/content/include/" + i8,schemaPath:"#/properties/content/properties/include/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err147];
}
else {
vErrors.push(err147);
}
errors++;
}
}
}
else {
const err148 = {instancePath:instancePath+"/content/include",schemaPath:"#/properties/content/properties/include/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err148];
}
else {
vErrors.push(err148);
}
errors++;
}
}
if(data64.allowSecrets !== undefined){
let data68 = data64.allowSecrets;
if(Array.isArray(data68)){
const len9 = data68.length;
for(let i9=0; i9<len9; i9++){
let data69 = data68[i9];
if(data69 && typeof data69 == "object" && !Array.isArray(data69)){
if(data69.path === undefined){
const err149 = {instancePath:instancePath+"/content/allowSecrets/" + i9,schemaPath:"#/properties/content/properties/allowSecrets/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err149];
}
else {
vErrors.push(err149);
}
errors++;
}
if(data69.digest === undefined){
const err150 = {instancePath:instancePath+"/content/allowSecrets/" + i9,schemaPath:"#/properties/content/properties/allowSecrets/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err150];
}
else {
vErrors.push(err150);
}
errors++;
}
if(data69.reason === undefined){
const err151 = {instancePath:instancePath+"/content/allowSecrets/" + i9,schemaPath:"#/properties/content/properties/allowSecrets/items/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err151];
}
else {
vErrors.push(err151);
}
errors++;
}
for(const key18 in data69){
if(!(((key18 === "path") || (key18 === "digest")) || (key18 === "reason"))){
const err152 = {instancePath:instancePath+"/content/allowSecrets/" + i9,schemaPath:"#/properties/content/properties/allowSecrets/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key18},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err152];
}
else {
vErrors.push(err152);
}
errors++;
}
}
if(data69.path !== undefined){
let data70 = data69.path;
if(typeof data70 === "string"){
if(func2(data70) < 1){
const err153 = {instancePath:instancePath+"/content/allowSecrets/" + i9+"/path",schemaPath:"#/properties/content/properties/allowSecrets/items/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err153];
}
else {
vErrors.push(err153);
}
errors++;
}
}
else {
const err154 = {instancePath:instancePath+"/content/allowSecrets/" + i9+"/path",schemaPath:"#/properties/content/properties/allowSecrets/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err154];
}
else {
vErrors.push(err154);
}
errors++;
}
}
if(data69.digest !== undefined){
let data71 = data69.digest;
if(typeof data71 === "string"){
if(!pattern0.test(data71)){
const err155 = {instancePath:instancePath+"/content/allowSecrets/" + i9+"/digest",schemaPath:"#/properties/content/properties/allowSecrets/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err155];
}
else {
vErrors.push(err155);
}
errors++;
}
}
else {
const err156 = {instancePath:instancePath+"/content/allowSecrets/" + i9+"/digest",schemaPath:"#/properties/content/properties/allowSecrets/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err156];
}
else {
vErrors.push(err156);
}
errors++;
}
}
if(data69.reason !== undefined){
let data72 = data69.reason;
if(typeof data72 === "string"){
if(func2(data72) < 1){
const err157 = {instancePath:instancePath+"/content/allowSecrets/" + i9+"/reason",schemaPath:"#/properties/content/properties/allowSecrets/items/properties/reason/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err157];
}
else {
vErrors.push(err157);
}
errors++;
}
}
else {
const err158 = {instancePath:instancePath+"/content/allowSecrets/" + i9+"/reason",schemaPath:"#/properties/content/properties/allowSecrets/items/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err158];
}
else {
vErrors.push(err158);
}
errors++;
}
}
}
else {
const err159 = {instancePath:instancePath+"/content/allowSecrets/" + i9,schemaPath:"#/properties/content/properties/allowSecrets/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err159];
}
else {
vErrors.push(err159);
}
errors++;
}
}
}
else {
const err160 = {instancePath:instancePath+"/content/allowSecrets",schemaPath:"#/properties/content/properties/allowSecrets/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err160];
}
else {
vErrors.push(err160);
}
errors++;
}
}
}
else {
const err161 = {instancePath:instancePath+"/content",schemaPath:"#/properties/content/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err161];
}
else {
vErrors.push(err161);
}
errors++;
}
}
if(data.judges !== undefined){
let data73 = data.judges;
if(data73 && typeof data73 == "object" && !Array.isArray(data73)){
for(const key19 in data73){
const _errs166 = errors;
if(typeof key19 === "string"){
if(!pattern20.test(key19)){
const err162 = {instancePath:instancePath+"/judges",schemaPath:"#/properties/judges/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[a-z][a-z0-9-]*$"},message:"must match pattern \""+"^[a-z][a-z0-9-]*$"+"\"",propertyName:key19};
if(vErrors === null){
vErrors = [err162];
}
else {
vErrors.push(err162);
}
errors++;
}
}
var valid42 = _errs166 === errors;
if(!valid42){
const err163 = {instancePath:instancePath+"/judges",schemaPath:"#/properties/judges/propertyNames",keyword:"propertyNames",params:{propertyName: key19},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err163];
}
else {
vErrors.push(err163);
}
errors++;
}
}
for(const key20 in data73){
let data74 = data73[key20];
if(data74 && typeof data74 == "object" && !Array.isArray(data74)){
if(data74.current === undefined){
const err164 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/required",keyword:"required",params:{missingProperty: "current"},message:"must have required property '"+"current"+"'"};
if(vErrors === null){
vErrors = [err164];
}
else {
vErrors.push(err164);
}
errors++;
}
if(data74.versions === undefined){
const err165 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/required",keyword:"required",params:{missingProperty: "versions"},message:"must have required property '"+"versions"+"'"};
if(vErrors === null){
vErrors = [err165];
}
else {
vErrors.push(err165);
}
errors++;
}
for(const key21 in data74){
if(!((key21 === "current") || (key21 === "versions"))){
const err166 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key21},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err166];
}
else {
vErrors.push(err166);
}
errors++;
}
}
if(data74.current !== undefined){
let data75 = data74.current;
if(!(((typeof data75 == "number") && (!(data75 % 1) && !isNaN(data75))) && (isFinite(data75)))){
const err167 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/current",schemaPath:"#/properties/judges/additionalProperties/properties/current/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err167];
}
else {
vErrors.push(err167);
}
errors++;
}
if((typeof data75 == "number") && (isFinite(data75))){
if(data75 < 1 || isNaN(data75)){
const err168 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/current",schemaPath:"#/properties/judges/additionalProperties/properties/current/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err168];
}
else {
vErrors.push(err168);
}
errors++;
}
}
}
if(data74.versions !== undefined){
let data76 = data74.versions;
if(data76 && typeof data76 == "object" && !Array.isArray(data76)){
if(Object.keys(data76).length < 1){
const err169 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/judges/additionalProperties/properties/versions/minProperties",keyword:"minProperties",params:{limit: 1},message:"must NOT have fewer than 1 properties"};
if(vErrors === null){
vErrors = [err169];
}
else {
vErrors.push(err169);
}
errors++;
}
for(const key22 in data76){
const _errs175 = errors;
if(typeof key22 === "string"){
if(!pattern112.test(key22)){
const err170 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/judges/additionalProperties/properties/versions/propertyNames/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*$"},message:"must match pattern \""+"^[1-9][0-9]*$"+"\"",propertyName:key22};
if(vErrors === null){
vErrors = [err170];
}
else {
vErrors.push(err170);
}
errors++;
}
}
var valid45 = _errs175 === errors;
if(!valid45){
const err171 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/judges/additionalProperties/properties/versions/propertyNames",keyword:"propertyNames",params:{propertyName: key22},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err171];
}
else {
vErrors.push(err171);
}
errors++;
}
}
for(const key23 in data76){
let data77 = data76[key23];
if(data77 && typeof data77 == "object" && !Array.isArray(data77)){
if(data77.rubric === undefined){
const err172 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/required",keyword:"required",params:{missingProperty: "rubric"},message:"must have required property '"+"rubric"+"'"};
if(vErrors === null){
vErrors = [err172];
}
else {
vErrors.push(err172);
}
errors++;
}
if(data77.model === undefined){
const err173 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/required",keyword:"required",params:{missingProperty: "model"},message:"must have required property '"+"model"+"'"};
if(vErrors === null){
vErrors = [err173];
}
else {
vErrors.push(err173);
}
errors++;
}
if(data77.verdict === undefined){
const err174 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/required",keyword:"required",params:{missingProperty: "verdict"},message:"must have required property '"+"verdict"+"'"};
if(vErrors === null){
vErrors = [err174];
}
else {
vErrors.push(err174);
}
errors++;
}
for(const key24 in data77){
if(!(((((key24 === "rubric") || (key24 === "model")) || (key24 === "endpoint")) || (key24 === "params")) || (key24 === "verdict"))){
const err175 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key24},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err175];
}
else {
vErrors.push(err175);
}
errors++;
}
}
if(data77.rubric !== undefined){
let data78 = data77.rubric;
if(typeof data78 === "string"){
if(func2(data78) < 1){
const err176 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/rubric",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/rubric/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err176];
}
else {
vErrors.push(err176);
}
errors++;
}
}
else {
const err177 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/rubric",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/rubric/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err177];
}
else {
vErrors.push(err177);
}
errors++;
}
}
if(data77.model !== undefined){
let data79 = data77.model;
if(typeof data79 === "string"){
if(func2(data79) < 1){
const err178 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/model",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/model/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err178];
}
else {
vErrors.push(err178);
}
errors++;
}
}
else {
const err179 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/model",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/model/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err179];
}
else {
vErrors.push(err179);
}
errors++;
}
}
if(data77.endpoint !== undefined){
let data80 = data77.endpoint;
if(typeof data80 === "string"){
if(func2(data80) < 1){
const err180 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/endpoint",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/endpoint/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err180];
}
else {
vErrors.push(err180);
}
errors++;
}
}
else {
const err181 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/endpoint",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/endpoint/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err181];
}
else {
vErrors.push(err181);
}
errors++;
}
}
if(data77.params !== undefined){
let data81 = data77.params;
if(data81 && typeof data81 == "object" && !Array.isArray(data81)){
for(const key25 in data81){
if(!((((key25 === "temperature") || (key25 === "max_tokens")) || (key25 === "seed")) || (key25 === "top_p"))){
const err182 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key25},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err182];
}
else {
vErrors.push(err182);
}
errors++;
}
}
if(data81.temperature !== undefined){
let data82 = data81.temperature;
if((typeof data82 == "number") && (isFinite(data82))){
if(data82 < 0 || isNaN(data82)){
const err183 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/temperature",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/temperature/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err183];
}
else {
vErrors.push(err183);
}
errors++;
}
}
else {
const err184 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/temperature",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/temperature/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err184];
}
else {
vErrors.push(err184);
}
errors++;
}
}
if(data81.max_tokens !== undefined){
let data83 = data81.max_tokens;
if(!(((typeof data83 == "number") && (!(data83 % 1) && !isNaN(data83))) && (isFinite(data83)))){
const err185 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/max_tokens",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/max_tokens/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err185];
}
else {
vErrors.push(err185);
}
errors++;
}
if((typeof data83 == "number") && (isFinite(data83))){
if(data83 < 1 || isNaN(data83)){
const err186 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/max_tokens",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/max_tokens/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err186];
}
else {
vErrors.push(err186);
}
errors++;
}
}
}
if(data81.seed !== undefined){
let data84 = data81.seed;
if(!(((typeof data84 == "number") && (!(data84 % 1) && !isNaN(data84))) && (isFinite(data84)))){
const err187 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/seed",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/seed/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err187];
}
else {
vErrors.push(err187);
}
errors++;
}
}
if(data81.top_p !== undefined){
let data85 = data81.top_p;
if((typeof data85 == "number") && (isFinite(data85))){
if(data85 > 1 || isNaN(data85)){
const err188 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/top_p",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/top_p/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err188];
}
else {
vErrors.push(err188);
}
errors++;
}
if(data85 < 0 || isNaN(data85)){
const err189 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/top_p",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/top_p/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err189];
}
else {
vErrors.push(err189);
}
errors++;
}
}
else {
const err190 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params/top_p",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/properties/top_p/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err190];
}
else {
vErrors.push(err190);
}
errors++;
}
}
}
else {
const err191 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/params",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/params/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err191];
}
else {
vErrors.push(err191);
}
errors++;
}
}
if(data77.verdict !== undefined){
let data86 = data77.verdict;
if(data86 && typeof data86 == "object" && !Array.isArray(data86)){
for(const key26 in data86){
if(!((((((key26 === "pattern") || (key26 === "flags")) || (key26 === "scale")) || (key26 === "pass")) || (key26 === "criteria")) || (key26 === "combine"))){
const err192 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key26},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err192];
}
else {
vErrors.push(err192);
}
errors++;
}
}
if(data86.pattern !== undefined){
let data87 = data86.pattern;
if(typeof data87 === "string"){
if(func2(data87) < 1){
const err193 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/pattern",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/pattern/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err193];
}
else {
vErrors.push(err193);
}
errors++;
}
}
else {
const err194 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/pattern",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err194];
}
else {
vErrors.push(err194);
}
errors++;
}
}
if(data86.flags !== undefined){
let data88 = data86.flags;
if(typeof data88 === "string"){
if(!pattern67.test(data88)){
const err195 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/flags",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/flags/pattern",keyword:"pattern",params:{pattern: "^[imsu]*$"},message:"must match pattern \""+"^[imsu]*$"+"\""};
if(vErrors === null){
vErrors = [err195];
}
else {
vErrors.push(err195);
}
errors++;
}
}
else {
const err196 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/flags",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/flags/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err196];
}
else {
vErrors.push(err196);
}
errors++;
}
}
if(data86.scale !== undefined){
let data89 = data86.scale;
if((typeof data89 == "number") && (isFinite(data89))){
if(data89 < 0 || isNaN(data89)){
const err197 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/scale",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/scale/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err197];
}
else {
vErrors.push(err197);
}
errors++;
}
}
else {
const err198 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/scale",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/scale/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err198];
}
else {
vErrors.push(err198);
}
errors++;
}
}
if(data86.pass !== undefined){
let data90 = data86.pass;
if(typeof data90 === "string"){
if(func2(data90) < 1){
const err199 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/pass",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/pass/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err199];
}
else {
vErrors.push(err199);
}
errors++;
}
}
else {
const err200 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/pass",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/pass/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err200];
}
else {
vErrors.push(err200);
}
errors++;
}
}
if(data86.criteria !== undefined){
let data91 = data86.criteria;
if(Array.isArray(data91)){
if(data91.length < 1){
const err201 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err201];
}
else {
vErrors.push(err201);
}
errors++;
}
const len10 = data91.length;
for(let i10=0; i10<len10; i10++){
let data92 = data91[i10];
if(data92 && typeof data92 == "object" && !Array.isArray(data92)){
if(data92.name === undefined){
const err202 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10,schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err202];
}
else {
vErrors.push(err202);
}
errors++;
}
if(data92.pattern === undefined){
const err203 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10,schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/required",keyword:"required",params:{missingProperty: "pattern"},message:"must have required property '"+"pattern"+"'"};
if(vErrors === null){
vErrors = [err203];
}
else {
vErrors.push(err203);
}
errors++;
}
for(const key27 in data92){
if(!((((((key27 === "name") || (key27 === "pattern")) || (key27 === "flags")) || (key27 === "scale")) || (key27 === "pass")) || (key27 === "weight"))){
const err204 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10,schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key27},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err204];
}
else {
vErrors.push(err204);
}
errors++;
}
}
if(data92.name !== undefined){
let data93 = data92.name;
if(typeof data93 === "string"){
if(func2(data93) < 1){
const err205 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/name",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err205];
}
else {
vErrors.push(err205);
}
errors++;
}
}
else {
const err206 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/name",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err206];
}
else {
vErrors.push(err206);
}
errors++;
}
}
if(data92.pattern !== undefined){
let data94 = data92.pattern;
if(typeof data94 === "string"){
if(func2(data94) < 1){
const err207 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/pattern",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/pattern/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err208 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/pattern",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/pattern/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err208];
}
else {
vErrors.push(err208);
}
errors++;
}
}
if(data92.flags !== undefined){
let data95 = data92.flags;
if(typeof data95 === "string"){
if(!pattern67.test(data95)){
const err209 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/flags",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/flags/pattern",keyword:"pattern",params:{pattern: "^[imsu]*$"},message:"must match pattern \""+"^[imsu]*$"+"\""};
if(vErrors === null){
vErrors = [err209];
}
else {
vErrors.push(err209);
}
errors++;
}
}
else {
const err210 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/flags",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/flags/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err210];
}
else {
vErrors.push(err210);
}
errors++;
}
}
if(data92.scale !== undefined){
let data96 = data92.scale;
if((typeof data96 == "number") && (isFinite(data96))){
if(data96 < 0 || isNaN(data96)){
const err211 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/scale",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/scale/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err211];
}
else {
vErrors.push(err211);
}
errors++;
}
}
else {
const err212 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/scale",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/scale/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err212];
}
else {
vErrors.push(err212);
}
errors++;
}
}
if(data92.pass !== undefined){
let data97 = data92.pass;
if(typeof data97 === "string"){
if(func2(data97) < 1){
const err213 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/pass",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/pass/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err213];
}
else {
vErrors.push(err213);
}
errors++;
}
}
else {
const err214 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/pass",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/pass/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err214];
}
else {
vErrors.push(err214);
}
errors++;
}
}
if(data92.weight !== undefined){
let data98 = data92.weight;
if((typeof data98 == "number") && (isFinite(data98))){
if(data98 <= 0 || isNaN(data98)){
const err215 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/weight",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/weight/exclusiveMinimum",keyword:"exclusiveMinimum",params:{comparison: ">", limit: 0},message:"must be > 0"};
if(vErrors === null){
vErrors = [err215];
}
else {
vErrors.push(err215);
}
errors++;
}
}
else {
const err216 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10+"/weight",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/properties/weight/type",keyword:"type",params:{type: "number"},message:"must be number"};
if(vErrors === null){
vErrors = [err216];
}
else {
vErrors.push(err216);
}
errors++;
}
}
}
else {
const err217 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria/" + i10,schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err217];
}
else {
vErrors.push(err217);
}
errors++;
}
}
}
else {
const err218 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/criteria",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/criteria/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err218];
}
else {
vErrors.push(err218);
}
errors++;
}
}
if(data86.combine !== undefined){
let data99 = data86.combine;
if(!(((data99 === "weighted-mean") || (data99 === "min")) || (data99 === "all"))){
const err219 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict/combine",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/properties/combine/enum",keyword:"enum",params:{allowedValues: schema90.properties.judges.additionalProperties.properties.versions.additionalProperties.properties.verdict.properties.combine.enum},message:"must be equal to one of the allowed values"};
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
const err220 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1")+"/verdict",schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/properties/verdict/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err220];
}
else {
vErrors.push(err220);
}
errors++;
}
}
}
else {
const err221 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions/" + key23.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/properties/versions/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err221];
}
else {
vErrors.push(err221);
}
errors++;
}
}
}
else {
const err222 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1")+"/versions",schemaPath:"#/properties/judges/additionalProperties/properties/versions/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
const err223 = {instancePath:instancePath+"/judges/" + key20.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/judges/additionalProperties/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err223];
}
else {
vErrors.push(err223);
}
errors++;
}
}
}
else {
const err224 = {instancePath:instancePath+"/judges",schemaPath:"#/properties/judges/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err224];
}
else {
vErrors.push(err224);
}
errors++;
}
}
}
else {
const err225 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err225];
}
else {
vErrors.push(err225);
}
errors++;
}
validate48.errors = vErrors;
return errors === 0;
}

export const releaseManifest = validate51;
const schema98 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"https://docket.invalid/schemas/release/manifest.schema.json","title":"docket release manifest (MANIFEST.json inside decision-verification.tgz)","description":"Not a bundle kind: it lives in the release tarball, never in an archive. Stored as RFC 8785 canonical JSON. Paths are relative to the tarball's top directory decision-verification/, sorted by UTF-8 byte order, unique. merkleRoot is the RFC 6962 root over the evidence object digests.","type":"object","additionalProperties":false,"required":["kind","schemaVersion","docketVersion","encoder","merkleRoot","entries"],"properties":{"kind":{"const":"release-manifest"},"schemaVersion":{"const":1},"docketVersion":{"type":"string","minLength":1,"maxLength":64},"encoder":{"type":"string","minLength":1,"maxLength":512},"merkleRoot":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"},"entries":{"type":"array","maxItems":100000,"items":{"type":"object","additionalProperties":false,"required":["path","size","digest"],"properties":{"path":{"type":"string","minLength":1,"maxLength":255},"size":{"type":"integer","minimum":0,"maximum":1073741824},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$"}}}}}};

function validate51(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/release/manifest.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.docketVersion === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "docketVersion"},message:"must have required property '"+"docketVersion"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.encoder === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "encoder"},message:"must have required property '"+"encoder"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.merkleRoot === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "merkleRoot"},message:"must have required property '"+"merkleRoot"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.entries === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entries"},message:"must have required property '"+"entries"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 in data){
if(!((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "docketVersion")) || (key0 === "encoder")) || (key0 === "merkleRoot")) || (key0 === "entries"))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.kind !== undefined){
if("release-manifest" !== data.kind){
const err7 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "release-manifest"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err8 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.docketVersion !== undefined){
let data2 = data.docketVersion;
if(typeof data2 === "string"){
if(func2(data2) > 64){
const err9 = {instancePath:instancePath+"/docketVersion",schemaPath:"#/properties/docketVersion/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(func2(data2) < 1){
const err10 = {instancePath:instancePath+"/docketVersion",schemaPath:"#/properties/docketVersion/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/docketVersion",schemaPath:"#/properties/docketVersion/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.encoder !== undefined){
let data3 = data.encoder;
if(typeof data3 === "string"){
if(func2(data3) > 512){
const err12 = {instancePath:instancePath+"/encoder",schemaPath:"#/properties/encoder/maxLength",keyword:"maxLength",params:{limit: 512},message:"must NOT have more than 512 characters"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(func2(data3) < 1){
const err13 = {instancePath:instancePath+"/encoder",schemaPath:"#/properties/encoder/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
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
const err14 = {instancePath:instancePath+"/encoder",schemaPath:"#/properties/encoder/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.merkleRoot !== undefined){
let data4 = data.merkleRoot;
if(typeof data4 === "string"){
if(!pattern0.test(data4)){
const err15 = {instancePath:instancePath+"/merkleRoot",schemaPath:"#/properties/merkleRoot/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err16 = {instancePath:instancePath+"/merkleRoot",schemaPath:"#/properties/merkleRoot/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.entries !== undefined){
let data5 = data.entries;
if(Array.isArray(data5)){
if(data5.length > 100000){
const err17 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/maxItems",keyword:"maxItems",params:{limit: 100000},message:"must NOT have more than 100000 items"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
const len0 = data5.length;
for(let i0=0; i0<len0; i0++){
let data6 = data5[i0];
if(data6 && typeof data6 == "object" && !Array.isArray(data6)){
if(data6.path === undefined){
const err18 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "path"},message:"must have required property '"+"path"+"'"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(data6.size === undefined){
const err19 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(data6.digest === undefined){
const err20 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
for(const key1 in data6){
if(!(((key1 === "path") || (key1 === "size")) || (key1 === "digest"))){
const err21 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data6.path !== undefined){
let data7 = data6.path;
if(typeof data7 === "string"){
if(func2(data7) > 255){
const err22 = {instancePath:instancePath+"/entries/" + i0+"/path",schemaPath:"#/properties/entries/items/properties/path/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(func2(data7) < 1){
const err23 = {instancePath:instancePath+"/entries/" + i0+"/path",schemaPath:"#/properties/entries/items/properties/path/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
else {
const err24 = {instancePath:instancePath+"/entries/" + i0+"/path",schemaPath:"#/properties/entries/items/properties/path/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data6.size !== undefined){
let data8 = data6.size;
if(!(((typeof data8 == "number") && (!(data8 % 1) && !isNaN(data8))) && (isFinite(data8)))){
const err25 = {instancePath:instancePath+"/entries/" + i0+"/size",schemaPath:"#/properties/entries/items/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
if((typeof data8 == "number") && (isFinite(data8))){
if(data8 > 1073741824 || isNaN(data8)){
const err26 = {instancePath:instancePath+"/entries/" + i0+"/size",schemaPath:"#/properties/entries/items/properties/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1073741824},message:"must be <= 1073741824"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(data8 < 0 || isNaN(data8)){
const err27 = {instancePath:instancePath+"/entries/" + i0+"/size",schemaPath:"#/properties/entries/items/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
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
if(data6.digest !== undefined){
let data9 = data6.digest;
if(typeof data9 === "string"){
if(!pattern0.test(data9)){
const err28 = {instancePath:instancePath+"/entries/" + i0+"/digest",schemaPath:"#/properties/entries/items/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err29 = {instancePath:instancePath+"/entries/" + i0+"/digest",schemaPath:"#/properties/entries/items/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
}
else {
const err30 = {instancePath:instancePath+"/entries/" + i0,schemaPath:"#/properties/entries/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
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
else {
const err31 = {instancePath:instancePath+"/entries",schemaPath:"#/properties/entries/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err32 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
validate51.errors = vErrors;
return errors === 0;
}

export const redactionRecord = validate52;
const schema99 = {"$id":"https://docket.invalid/schemas/archive/redaction.schema.json","title":"redaction record: what stands in an archive for an object whose content was removed (docs/design.md §23)","type":"object","additionalProperties":false,"required":["kind","schemaVersion","digest","size","objectKind","reason","redactedAt","rules"],"properties":{"kind":{"const":"redaction"},"schemaVersion":{"const":1},"digest":{"type":"string","pattern":"^sha256:[0-9a-f]{64}$","description":"the redacted object's name: the SHA-256 of its stored bytes"},"size":{"type":"integer","minimum":1,"maximum":67108864,"description":"the stored (gzip) bytes the object had"},"objectKind":{"type":["string","null"],"maxLength":64,"description":"the bundle kind it held; null when it did not decode"},"reason":{"type":"string","minLength":1,"maxLength":1024},"redactedAt":{"type":"string","pattern":"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},"rules":{"type":"array","maxItems":64,"uniqueItems":true,"items":{"type":"string","pattern":"^[a-z0-9][a-z0-9-]{0,63}$"},"description":"the secret scanner's rules that matched its content, sorted; empty when none did"}}};
const pattern123 = func6("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$", "u");
const pattern124 = func6("^[a-z0-9][a-z0-9-]{0,63}$", "u");

function validate52(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="https://docket.invalid/schemas/archive/redaction.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.kind === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "kind"},message:"must have required property '"+"kind"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.schemaVersion === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "schemaVersion"},message:"must have required property '"+"schemaVersion"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.digest === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "digest"},message:"must have required property '"+"digest"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if(data.size === undefined){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if(data.objectKind === undefined){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "objectKind"},message:"must have required property '"+"objectKind"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(data.reason === undefined){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "reason"},message:"must have required property '"+"reason"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
if(data.redactedAt === undefined){
const err6 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "redactedAt"},message:"must have required property '"+"redactedAt"+"'"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(data.rules === undefined){
const err7 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "rules"},message:"must have required property '"+"rules"+"'"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
for(const key0 in data){
if(!((((((((key0 === "kind") || (key0 === "schemaVersion")) || (key0 === "digest")) || (key0 === "size")) || (key0 === "objectKind")) || (key0 === "reason")) || (key0 === "redactedAt")) || (key0 === "rules"))){
const err8 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.kind !== undefined){
if("redaction" !== data.kind){
const err9 = {instancePath:instancePath+"/kind",schemaPath:"#/properties/kind/const",keyword:"const",params:{allowedValue: "redaction"},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.schemaVersion !== undefined){
if(1 !== data.schemaVersion){
const err10 = {instancePath:instancePath+"/schemaVersion",schemaPath:"#/properties/schemaVersion/const",keyword:"const",params:{allowedValue: 1},message:"must be equal to constant"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.digest !== undefined){
let data2 = data.digest;
if(typeof data2 === "string"){
if(!pattern0.test(data2)){
const err11 = {instancePath:instancePath+"/digest",schemaPath:"#/properties/digest/pattern",keyword:"pattern",params:{pattern: "^sha256:[0-9a-f]{64}$"},message:"must match pattern \""+"^sha256:[0-9a-f]{64}$"+"\""};
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
const err12 = {instancePath:instancePath+"/digest",schemaPath:"#/properties/digest/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.size !== undefined){
let data3 = data.size;
if(!(((typeof data3 == "number") && (!(data3 % 1) && !isNaN(data3))) && (isFinite(data3)))){
const err13 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if((typeof data3 == "number") && (isFinite(data3))){
if(data3 > 67108864 || isNaN(data3)){
const err14 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/maximum",keyword:"maximum",params:{comparison: "<=", limit: 67108864},message:"must be <= 67108864"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
if(data3 < 1 || isNaN(data3)){
const err15 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
if(data.objectKind !== undefined){
let data4 = data.objectKind;
if((typeof data4 !== "string") && (data4 !== null)){
const err16 = {instancePath:instancePath+"/objectKind",schemaPath:"#/properties/objectKind/type",keyword:"type",params:{type: schema99.properties.objectKind.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(typeof data4 === "string"){
if(func2(data4) > 64){
const err17 = {instancePath:instancePath+"/objectKind",schemaPath:"#/properties/objectKind/maxLength",keyword:"maxLength",params:{limit: 64},message:"must NOT have more than 64 characters"};
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
if(data.reason !== undefined){
let data5 = data.reason;
if(typeof data5 === "string"){
if(func2(data5) > 1024){
const err18 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/maxLength",keyword:"maxLength",params:{limit: 1024},message:"must NOT have more than 1024 characters"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
if(func2(data5) < 1){
const err19 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/reason",schemaPath:"#/properties/reason/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.redactedAt !== undefined){
let data6 = data.redactedAt;
if(typeof data6 === "string"){
if(!pattern123.test(data6)){
const err21 = {instancePath:instancePath+"/redactedAt",schemaPath:"#/properties/redactedAt/pattern",keyword:"pattern",params:{pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"},message:"must match pattern \""+"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"+"\""};
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
const err22 = {instancePath:instancePath+"/redactedAt",schemaPath:"#/properties/redactedAt/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.rules !== undefined){
let data7 = data.rules;
if(Array.isArray(data7)){
if(data7.length > 64){
const err23 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/maxItems",keyword:"maxItems",params:{limit: 64},message:"must NOT have more than 64 items"};
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
if(typeof data8 === "string"){
if(!pattern124.test(data8)){
const err24 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/properties/rules/items/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9-]{0,63}$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9-]{0,63}$"+"\""};
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
const err25 = {instancePath:instancePath+"/rules/" + i0,schemaPath:"#/properties/rules/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
let i1 = data7.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data7[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err26 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err27 = {instancePath:instancePath+"/rules",schemaPath:"#/properties/rules/type",keyword:"type",params:{type: "array"},message:"must be array"};
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
const err28 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
validate52.errors = vErrors;
return errors === 0;
}

/** The validator of each bundle kind, by kind. */
export const BUNDLE_KINDS = {
  "attachment": bundle_attachment,
  "attestation": bundle_attestation,
  "bank": bundle_bank,
  "evidence": bundle_evidence,
  "exec-result": bundle_exec_result,
  "foreign-grade": bundle_foreign_grade,
  "foreign-log": bundle_foreign_log,
  "foreign-run": bundle_foreign_run,
  "foreign-sample": bundle_foreign_sample,
  "grade": bundle_grade,
  "grade-segment": bundle_grade_segment,
  "grader": bundle_grader,
  "grader-test": bundle_grader_test,
  "judge-grader": bundle_judge_grader,
  "plan": bundle_plan,
  "plan-record": bundle_plan_record,
  "prompt-template": bundle_prompt_template,
  "protocol": bundle_protocol,
  "question": bundle_question,
  "run": bundle_run,
  "run-segment": bundle_run_segment,
  "source": bundle_source,
  "task": bundle_task,
};
