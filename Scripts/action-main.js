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

/// Runs `command`, its output in the step's log; true when it exits with status 0.
function run(command, args, environment = process.env) {
  const result = childProcess.spawnSync(command, args, {stdio: 'inherit', env: environment})
  if (result.error) log(`::warning title=treereview::${command}: ${result.error.message}`)
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

  async call(method, body) {
    const url = new URL(`twirp/github.actions.results.api.v1.CacheService/${method}`, this.base)
    const response = await fetch(url, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: `Bearer ${this.token}`},
      body: JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${method}: HTTP ${response.status} ${text.slice(0, 200)}`)
    return JSON.parse(text)
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

  /// Saves `file` under `key` and `version`; false when another job saved it first.
  async save(key, version, file) {
    const created = await this.call('CreateCacheEntry', {key, version})
    const url = created.signed_upload_url ?? created.signedUploadUrl
    if (!created.ok || !url) return false
    const body = fs.readFileSync(file)
    const response = await fetch(url, {
      method: 'PUT',
      headers: {'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'application/octet-stream'},
      body,
    })
    if (!response.ok) throw new Error(`upload: HTTP ${response.status}`)
    const finished = await this.call('FinalizeCacheEntryUpload', {key, version, size_bytes: String(body.length)})
    return Boolean(finished.ok)
  }
}

function works(bundle) {
  return childProcess.spawnSync(path.join(bundle, 'treereview'), ['--version'], {stdio: 'ignore'}).status === 0
}

/// The directory holding a working treereview, restored or built.
async function bundle(temporary) {
  const directory = path.join(temporary, 'treereview-bundle')
  if (fs.existsSync(directory) && works(directory)) return directory
  const {key, swift} = cacheKey()
  const version = crypto.createHash('sha256').update(`treereview-bundle\0tar.gz\0${key}`).digest('hex')
  const archive = path.join(temporary, 'treereview-bundle.tar.gz')
  const cache = new CacheService(process.env)
  if (!cache.enabled) log('treereview: no cache service in this job (ACTIONS_RESULTS_URL); building')
  const started = Date.now()
  if (cache.enabled) {
    try {
      if (await cache.restore(key, version, archive)) {
        fs.rmSync(directory, {recursive: true, force: true})
        fs.mkdirSync(directory, {recursive: true})
        if (run('tar', ['-xzf', archive, '-C', directory]) && works(directory)) {
          log(`treereview: restored ${key} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
          return directory
        }
        log(`::warning title=treereview::the cached ${key} does not run; building`)
      } else {
        log(`treereview: no cache entry ${key}; building`)
      }
    } catch (error) {
      log(`::warning title=treereview::cache restore failed (${error.message}); building`)
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
      log((await cache.save(key, version, archive)) ? `treereview: saved ${key}` : `treereview: ${key} was saved by another job`)
    } catch (error) {
      log(`::warning title=treereview::cache save failed (${error.message}); the next job builds again`)
    }
  }
  return directory
}

async function main() {
  const temporary = process.env.RUNNER_TEMP || require('os').tmpdir()
  let directory
  try {
    directory = await bundle(temporary)
  } catch (error) {
    log(`::error title=treereview::${error.message}`)
    return 2
  }
  const environment = {...process.env, TREEREVIEW: path.join(directory, 'treereview')}
  for (const name of inputs) environment[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`] = input(name)
  const result = childProcess.spawnSync('bash', [path.join(scripts, 'action-run')], {stdio: 'inherit', env: environment})
  return result.status ?? 2
}

main().then(status => { process.exitCode = status })
