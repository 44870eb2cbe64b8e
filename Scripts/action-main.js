// The treereview GitHub Action's entry point (action.yml, `runs: using: node24`); see
// Docs/Annotations.md#github-action.
//
// A JavaScript action, so that Scripts/action-run may set outputs action.yml does not
// declare (one per group of the filters input, as paths-filter's). It:
//   1. takes the cache key from Scripts/action-cache-key;
//   2. restores the built bundle from GitHub's cache service, or on a miss builds it with
//      Scripts/action-build and saves it (a cache that cannot be reached costs a build,
//      never the step);
//   3. runs Scripts/action-run with the inputs, whose exit status is the step's.
// Node's standard library only; runs on Node 18 and later.
'use strict'

const childProcess = require('child_process')
const crypto = require('crypto')
const fs = require('fs')
const path = require('path')

const scripts = __dirname
const inputs = ['base', 'head', 'depth', 'filters', 'predicate-quantifier', 'list-files', 'packages', 'summary', 'args', 'path']

/// The input `name` as the runner passes it: INPUT_ and the name in capitals, spaces as `_`.
function input(name) {
  return process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? ''
}

function log(line) {
  process.stdout.write(line + '\n')
}

/// A workflow command (`warning`, `error`) whose message cannot start one of its own.
function annotate(kind, message) {
  const text = String(message).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  log(`::${kind} title=treereview::${text}`)
}

/// Runs `command`, its output in the step's log; true when it exits with status 0.
function run(command, args, environment = process.env) {
  const result = childProcess.spawnSync(command, args, {stdio: 'inherit', env: environment})
  if (result.error) annotate('warning', `${command}: ${result.error.message}`)
  return result.status === 0
}

function cacheKey() {
  const text = childProcess.execFileSync('bash', [path.join(scripts, 'action-cache-key')], {encoding: 'utf8'})
  const fields = Object.fromEntries(text.trim().split('\n').map(line => line.split(/=(.*)/s).slice(0, 2)))
  if (!fields.key || !fields.swift) throw new Error(`action-cache-key printed no key: ${text}`)
  return fields
}

/// GitHub's cache service (the one actions/cache uses, version 2): a twirp JSON API that
/// gives signed URLs to download and upload an entry's archive from and to blob storage.
class CacheService {
  constructor(environment) {
    this.base = environment.ACTIONS_RESULTS_URL
    this.token = environment.ACTIONS_RUNTIME_TOKEN
    this.enabled = Boolean(this.base && this.token && environment.ACTIONS_CACHE_SERVICE_V2)
  }

  /// The answer to `method`, tried three times when the service fails (5xx) or cannot be
  /// reached, as actions/cache tries; an error names the method and the status.
  async call(method, body) {
    const url = new URL(`twirp/github.actions.results.api.v1.CacheService/${method}`, this.base)
    const pause = attempt => new Promise(resolve => setTimeout(resolve, 250 * attempt))
    for (let attempt = 1; ; attempt++) {
      let response
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {'Content-Type': 'application/json', Authorization: `Bearer ${this.token}`},
          body: JSON.stringify(body),
        })
      } catch (error) {
        if (attempt === 3) throw new Error(`${method}: ${error.message}`)
        await pause(attempt)
        continue
      }
      const text = await response.text()
      if (response.ok) return JSON.parse(text)
      const failure = Object.assign(new Error(`${method}: HTTP ${response.status} ${text.slice(0, 200)}`), {status: response.status})
      if (response.status < 500 || attempt === 3) throw failure
      await pause(attempt)
    }
  }

  /// The archive saved under `key` and `version` written to `file`; false when there is none.
  async restore(key, version, file) {
    const found = await this.call('GetCacheEntryDownloadURL', {key, restore_keys: [], version})
    const url = found.signed_download_url ?? found.signedDownloadUrl
    if (!found.ok || !url) return false
    const response = await fetch(url)
    if (!response.ok) throw new Error(`download: HTTP ${response.status}`)
    fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()))
    return true
  }

  /// Saves `file` under `key` and `version`: what happened, in words.
  async save(key, version, file) {
    let created
    try {
      created = await this.call('CreateCacheEntry', {key, version})
    } catch (error) {
      if (error.status === 409) return `${key} was saved by another job`
      throw error
    }
    const url = created.signed_upload_url ?? created.signedUploadUrl
    if (!created.ok || !url) return `${key} not saved: ${created.message || 'the service would not take it'}`
    const body = fs.readFileSync(file)
    const response = await fetch(url, {
      method: 'PUT',
      headers: {'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/octet-stream'},
      body,
    })
    if (!response.ok) throw new Error(`upload: HTTP ${response.status}`)
    const finished = await this.call('FinalizeCacheEntryUpload', {key, version, size_bytes: String(body.length)})
    return finished.ok ? `saved ${key}` : `${key} not saved: ${finished.message || 'the upload was not finalized'}`
  }
}

function works(bundle) {
  return childProcess.spawnSync(path.join(bundle, 'treereview'), ['--version'], {stdio: 'ignore'}).status === 0
}

/// The directory holding a working treereview of this key, restored or built; one built
/// for this key by an earlier step of the job is used again.
async function bundle(temporary) {
  const {key, swift} = cacheKey()
  const directory = path.join(temporary, 'treereview-bundle')
  const stamp = path.join(temporary, 'treereview-bundle.key')
  const stamped = fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === key
  if (stamped && works(directory)) return directory
  fs.rmSync(stamp, {force: true})
  const ready = () => { fs.writeFileSync(stamp, key); return directory }
  const version = crypto.createHash('sha256').update(`treereview-bundle\0tar.gz\0${key}`).digest('hex')
  const archive = path.join(temporary, 'treereview-bundle.tar.gz')
  const cache = new CacheService(process.env)
  if (!cache.enabled) log('treereview: no cache service in this job (ACTIONS_RESULTS_URL, ACTIONS_RUNTIME_TOKEN, ACTIONS_CACHE_SERVICE_V2); building')
  const started = Date.now()
  if (cache.enabled) {
    try {
      if (await cache.restore(key, version, archive)) {
        fs.rmSync(directory, {recursive: true, force: true})
        fs.mkdirSync(directory, {recursive: true})
        if (run('tar', ['-xzf', archive, '-C', directory]) && works(directory)) {
          log(`treereview: restored ${key} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
          return ready()
        }
        annotate('warning', `the cached ${key} does not run; building`)
      } else {
        log(`treereview: no cache entry ${key}; building`)
      }
    } catch (error) {
      annotate('warning', `cache restore failed (${error.message}); building`)
    }
  }
  fs.rmSync(directory, {recursive: true, force: true})
  log('::group::Build treereview')
  const built = run('bash', [path.join(scripts, 'action-build'), directory], {...process.env, SWIFT_VERSION: swift})
  log('::endgroup::')
  if (!built || !works(directory)) throw new Error('the build failed (its log is above)')
  if (cache.enabled) {
    try {
      if (!run('tar', ['-czf', archive, '-C', directory, '.'])) throw new Error('tar failed')
      log(`treereview: ${await cache.save(key, version, archive)}`)
    } catch (error) {
      annotate('warning', `cache save failed (${error.message}); the next job builds again`)
    }
  }
  return ready()
}

async function main() {
  const temporary = process.env.RUNNER_TEMP || require('os').tmpdir()
  let directory
  try {
    directory = await bundle(temporary)
  } catch (error) {
    annotate('error', error.message)
    return 2
  }
  const environment = {...process.env, TREEREVIEW: path.join(directory, 'treereview')}
  for (const name of inputs) environment[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = input(name)
  const result = childProcess.spawnSync('bash', [path.join(scripts, 'action-run')], {stdio: 'inherit', env: environment})
  return result.status ?? 2
}

main().then(status => { process.exitCode = status })
