return function()
    return 'hello from module'
end
